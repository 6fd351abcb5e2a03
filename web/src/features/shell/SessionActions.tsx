import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHelp, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useAuth } from '../auth/AuthProvider';
import { AccountDialog } from '../auth/AccountDialog';
import { useOnboarding } from '../onboarding/store';

/**
 * Tutorial (resets and reopens the tour), Account (change the password, or delete the account) and Logout (back to
 * the sign-in page). The header shows them
 * on wide screens and the navigation drawer on narrow ones, so they never get squeezed out.
 */
export function SessionActions({ onDone, fullWidth = false }: { onDone?: () => void; fullWidth?: boolean }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const restartTutorial = useOnboarding((s) => s.reset);
  const [accountOpened, accountDialog] = useDisclosure(false);
  return (
    // In the drawer (fullWidth) the three may wrap: at 320 px one row cut them to "Tu", "Ac", "Lo".
    <Group gap="xs" wrap={fullWidth ? 'wrap' : 'nowrap'} grow={fullWidth} preventGrowOverflow={false}>
      <Button
        variant="subtle"
        color="gray"
        size="xs"
        leftSection={<IconHelp size={16} />}
        onClick={() => {
          restartTutorial();
          onDone?.();
        }}
      >
        Tutorial
      </Button>
      <Button
        variant="subtle"
        color="gray"
        size="xs"
        leftSection={<IconUserCircle size={16} />}
        // The drawer stays open under the dialog: closing it would unmount the dialog with it.
        onClick={accountDialog.open}
      >
        Account
      </Button>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconLogout size={16} />}
        disabled={logout.isPending}
        onClick={() =>
          logout.mutate(undefined, {
            onSuccess: () => {
              onDone?.();
              void navigate({ to: '/auth' });
            },
          })
        }
      >
        {logout.isPending ? 'Logging out...' : 'Logout'}
      </Button>
      <AccountDialog opened={accountOpened} onClose={accountDialog.close} />
    </Group>
  );
}
