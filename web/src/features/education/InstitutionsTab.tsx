import { useState, type FormEvent } from 'react';
import { Badge, Button, Card, Code, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { EDUCATION_INSTITUTION_TYPES, EDUCATION_TIERS, VERIFICATION_MAILBOXES, educationTier, type Institution, type InstitutionCreateRequest, type VerificationChallenge } from '@onair/protocol';
import { useAuth } from '../auth/AuthProvider';
import { toast, toastError } from '../../lib/toast';
import { LeaveButton, MembersDialog } from './MembersDialog';
import { PaymentMethodPicker } from '../monetization/PaymentMethodPicker';
import { newIdempotencyKey } from '../monetization/queries';
import { useChangeTier, useCreateInstitution, useSendVerificationEmail, useVerificationChallenge, useVerifyDomain, useVerifyEmailCode } from './queries';

const typeLabel = (type: string) => EDUCATION_INSTITUTION_TYPES.find((t) => t.id === type)?.label ?? type;
const price = (cents: number | null) => (cents === null ? 'Custom pricing' : cents === 0 ? 'Free' : `$${(cents / 100).toFixed(0)}/month`);

function RegisterForm() {
  const create = useCreateInstitution();
  const [form, setForm] = useState({ name: '', type: '', domain: '' });
  const ready = form.name.trim() && form.type && form.domain.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    create.mutate(form as InstitutionCreateRequest, {
      onSuccess: () => {
        toast({ title: 'Institution Created', description: 'Educational institution has been successfully set up!' });
        setForm({ name: '', type: '', domain: '' });
      },
      onError: toastError('Setup Failed'),
    });
  };
  return (
    <Card withBorder component="form" onSubmit={submit}>
      <Title order={2} size="h4" mb="sm">
        Register an institution
      </Title>
      <Stack>
        <TextInput label="Institution name" required value={form.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} />
        <Select
          label="Institution type"
          required
          data={EDUCATION_INSTITUTION_TYPES.map((t) => ({ value: t.id, label: t.label }))}
          value={form.type || null}
          onChange={(v) => setForm({ ...form, type: v ?? '' })}
        />
        <TextInput
          label="Domain"
          required
          description="Use your official domain (such as an .edu address); you verify it with a DNS record or an email to its administrator."
          placeholder="school.edu"
          value={form.domain}
          onChange={(e) => setForm({ ...form, domain: e.currentTarget.value })}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={!ready} loading={create.isPending}>
            Register Institution
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function InstitutionCard({ institution }: { institution: Institution }) {
  const challenge = useVerificationChallenge();
  const verify = useVerifyDomain();
  const [record, setRecord] = useState<VerificationChallenge | null>(null);
  const { user } = useAuth();
  const [membersOpen, setMembersOpen] = useState(false);
  const plan = educationTier(institution.subscriptionTier);
  const owner = institution.myRole === 'owner';
  const staff = user?.role === 'admin' || owner || institution.myRole === 'teacher';
  return (
    <Card withBorder data-testid="institution">
      <Group justify="space-between">
        <div>
          <Text fw={600}>{institution.name}</Text>
          <Text size="sm" c="dimmed">
            {typeLabel(institution.type)} · {institution.domain}
          </Text>
        </div>
        <Group gap="xs">
          {institution.verified && <Badge color="green">Verified</Badge>}
          <Badge variant="light">{plan.name}</Badge>
        </Group>
      </Group>
      <Group justify="space-between" mt="xs">
        <Text size="sm">
          {institution.students} of {plan.maxStudents === null ? 'unlimited' : plan.maxStudents.toLocaleString()} students · owned by {institution.ownerName}
        </Text>
        <Group gap="xs">
          {staff && (
            <Button size="xs" variant="light" aria-label={`Members of ${institution.name}`} onClick={() => setMembersOpen(true)}>
              Members
            </Button>
          )}
          <LeaveButton place={institution} />
        </Group>
      </Group>
      {staff && <MembersDialog place={institution} opened={membersOpen} onClose={() => setMembersOpen(false)} />}
      {owner && !institution.verified && (
        <Stack gap="xs" mt="sm">
          {record ? (
            <>
              <Text size="sm">
                Add a TXT record <Code>{record.recordName}</Code> with the value <Code>{record.recordValue}</Code>, then check.
              </Text>
              <Button size="xs" variant="light" loading={verify.isPending} onClick={() => verify.mutate(institution.id, { onSuccess: () => toast({ title: 'Domain Verified' }), onError: toastError('Verification Failed') })}>
                Check DNS record
              </Button>
            </>
          ) : (
            <Button size="xs" variant="light" loading={challenge.isPending} onClick={() => challenge.mutate(institution.id, { onSuccess: setRecord, onError: toastError('Verification Failed') })}>
              Verify domain
            </Button>
          )}
          <EmailProof institution={institution} />
        </Stack>
      )}
      {owner && institution.subscriptionTier === 'basic' && <UpgradeToPremium institution={institution} />}
    </Card>
  );
}

/** Domain proof by email: a code to admin@ (or another administrative mailbox) of the domain. */
function EmailProof({ institution }: { institution: Institution }) {
  const send = useSendVerificationEmail();
  const confirm = useVerifyEmailCode();
  const [mailbox, setMailbox] = useState<string>('admin');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs">
        <Select label="Or email a code to" data={VERIFICATION_MAILBOXES.map((m) => ({ value: m, label: `${m}@${institution.domain}` }))} value={mailbox} onChange={(v) => setMailbox(v ?? 'admin')} size="xs" />
        <Button
          size="xs"
          variant="light"
          loading={send.isPending}
          onClick={() =>
            send.mutate(
              { id: institution.id, mailbox },
              {
                onSuccess: (r) => {
                  setSentTo(r.sentTo);
                  toast({ title: 'Email Sent', description: r.delivered ? `A code is on its way to ${r.sentTo}.` : `No mail server is configured: the email to ${r.sentTo} is in the server log.` });
                },
                onError: toastError('Verification Failed'),
              },
            )
          }
        >
          Send email
        </Button>
      </Group>
      {sentTo && (
        <Group align="flex-end" gap="xs">
          <TextInput label={`Code from the email to ${sentTo}`} size="xs" value={code} onChange={(e) => setCode(e.currentTarget.value)} />
          <Button
            size="xs"
            disabled={code.trim().length !== 8}
            loading={confirm.isPending}
            onClick={() => confirm.mutate({ id: institution.id, code: code.trim() }, { onSuccess: () => toast({ title: 'Domain Verified' }), onError: toastError('Verification Failed') })}
          >
            Confirm code
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Premium through the payment provider, charged to the chosen method; a refusal shows the provider's reason. */
function UpgradeToPremium({ institution }: { institution: Institution }) {
  const tier = useChangeTier();
  const [methodId, setMethodId] = useState<number | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const premium = educationTier('premium');
  return (
    <Stack gap="xs" mt="sm">
      <PaymentMethodPicker value={methodId} onChange={setMethodId} />
      <Button
        size="xs"
        disabled={methodId === null}
        loading={tier.isPending}
        onClick={() =>
          tier.mutate(
            { id: institution.id, tier: 'premium', paymentMethodId: methodId ?? undefined, idempotencyKey: key },
            {
              onSuccess: (r) => {
                setKey(newIdempotencyKey());
                toast({ title: 'Subscription Activated', description: `Premium is on${r.payment?.testMode ? ' (test mode payment, no real money moved)' : ''}.` });
              },
              onError: (error) => {
                setKey(newIdempotencyKey());
                toastError('Upgrade Failed')(error);
              },
            },
          )
        }
      >
        Upgrade to Premium ({price(premium.priceCents)})
      </Button>
    </Stack>
  );
}

export function InstitutionsTab({ institutions }: { institutions: Institution[] }) {
  return (
    <Stack>
      <RegisterForm />
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {EDUCATION_TIERS.map((t) => (
          <Card withBorder key={t.id}>
            <Text fw={700}>{t.name}</Text>
            <Text size="sm" c="dimmed">
              {price(t.priceCents)}
            </Text>
            {t.features.map((f) => (
              <Text size="sm" key={f}>
                • {f}
              </Text>
            ))}
          </Card>
        ))}
      </SimpleGrid>
      <Title order={2} size="h4">Registered institutions</Title>
      {institutions.length ? institutions.map((i) => <InstitutionCard key={i.id} institution={i} />) : <Text c="dimmed">No institutions yet. Register yours above.</Text>}
    </Stack>
  );
}
