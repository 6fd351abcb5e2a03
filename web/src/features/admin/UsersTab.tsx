/**
 * User management: search by name, username or email, account stats, the roles distribution computed
 * from the accounts, and the actions on each account.
 */
import { useState } from 'react';
import { Badge, Group, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUsers, Role } from '@onair/protocol';
import { useAuth } from '../auth/AuthProvider';
import { countOf } from '../creator/format';
import { countryName, formatTime } from './format';
import { Counts, Empty, ErrorText, FilterSelect, Loading, PageFooter, Panel, SearchBox } from './parts';
import { adminQueries } from './queries';
import { UserActions } from './UserActions';

const PAGE_SIZE = 20;
/** Spec §2 lists viewers first, then creators, then admins. */
const ROLE_ORDER: Role[] = ['viewer', 'creator', 'admin'];
const ROLE_LABEL: Record<Role, string> = { viewer: 'Viewers', creator: 'Creators', admin: 'Admins' };
const ROLE_COLOR: Record<Role, string> = { viewer: 'blue', creator: 'grape', admin: 'red' };
const ROLE_OPTIONS = ROLE_ORDER.map((value) => ({ value, label: ROLE_LABEL[value] }));

function Stats({ data }: { data: AdminUsers }) {
  const s = data.stats;
  const figures: [string, number][] = [
    ['Accounts', s.total],
    ['Active', s.active],
    ['Suspended', s.suspended],
    ['Verified', s.verified],
    ['Creator requests', s.pendingCreatorRequests],
    ['New this week', s.newThisWeek],
  ];
  return <Counts cols={{ base: 2, sm: 3, md: 6 }} items={figures} />;
}

function Roles({ data }: { data: AdminUsers }) {
  return (
    <Stack gap="xs" aria-label="Roles distribution">
      {[...data.roles].sort((a, b) => ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role)).map((r) => (
        <div key={r.role}>
          <Group justify="space-between">
            <Text size="sm">{ROLE_LABEL[r.role]}</Text>
            <Text size="sm" fw={600}>
              {r.share.toFixed(1)}% · {r.count.toLocaleString()}
            </Text>
          </Group>
          <Progress value={r.share} color={ROLE_COLOR[r.role]} aria-label={`${ROLE_LABEL[r.role]} share`} />
        </div>
      ))}
    </Stack>
  );
}

export function UsersTab() {
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [role, setRole] = useState<Role | null>(null);
  const [page, setPage] = useState(1);
  const query = { search: debounced || undefined, role: role ?? undefined, page, pageSize: PAGE_SIZE };
  const users = useQuery({ ...adminQueries.users(query), placeholderData: keepPreviousData });

  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / PAGE_SIZE)) : 1;
  return (
    <>
      {users.data && (
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <div style={{ gridColumn: 'span 2' }}>
            <Panel title="Accounts">
              <Stats data={users.data} />
            </Panel>
          </div>
          <Panel title="Roles distribution">
            <Roles data={users.data} />
          </Panel>
        </SimpleGrid>
      )}
      <Panel title="Users">
        <Group align="flex-end">
          <SearchBox
            label="Search"
            placeholder="Name, username or email"
            value={search}
            onChange={(text) => {
              setSearch(text);
              setPage(1);
            }}
            width={300}
          />
          <FilterSelect
            label="Role"
            placeholder="All roles"
            options={ROLE_OPTIONS}
            value={role}
            onChange={(v) => {
              setRole(v);
              setPage(1);
            }}
            width={160}
          />
        </Group>
        {users.isPending ? (
          <Loading />
        ) : users.isError ? (
          <ErrorText error={users.error} retry={users.refetch} />
        ) : users.data.users.length === 0 ? (
          <Empty>No account matches “{debounced}”</Empty>
        ) : (
          <>
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="xs" highlightOnHover aria-label="Users" style={{ opacity: users.isPlaceholderData ? 0.6 : 1 }}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>User</Table.Th>
                    <Table.Th>Role</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Country</Table.Th>
                    <Table.Th>Last watched</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {users.data.users.map((u) => (
                    <Table.Tr key={u.id}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {u.username} {u.verified && <Badge size="xs" variant="light" color="teal">verified</Badge>}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {[u.firstName, u.lastName].filter(Boolean).join(' ') || '—'} · {u.email}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={ROLE_COLOR[u.role]} variant="light">
                          {u.role}
                        </Badge>
                        {u.creatorRequest === 'pending' && (
                          <Badge color="orange" variant="outline" ml={4}>
                            creator request
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={u.status === 'active' ? 'green' : 'red'} variant="dot">
                          {u.status}
                        </Badge>
                        {u.timedOutUntil && (
                          <Text size="xs" c="orange">
                            chat timeout until {formatTime(u.timedOutUntil)}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{u.country ? countryName(u.country) : '—'}</Table.Td>
                      <Table.Td>{u.lastActiveAt ? formatTime(u.lastActiveAt) : 'Never'}</Table.Td>
                      <Table.Td>
                        <UserActions user={u} isSelf={u.id === me?.id} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <PageFooter count={countOf(users.data.total, 'account')} pages={pages} page={page} onPage={setPage} />
          </>
        )}
      </Panel>
    </>
  );
}
