import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHelp, IconKey, IconLogout } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useAuth } from '../auth/AuthProvider';
import { ChangePasswordDialog } from '../auth/ChangePasswordDialog';
import { useOnboarding } from '../onboarding/store';

/**
 * Tutorial (resets and reopens the tour), Password (account settings: change it) and Logout (back to
 * the sign-in page). The header shows them
 * on wide screens and the navigation drawer on narrow ones, so they never get squeezed out.
 */
export function SessionActions({ onDone, fullWidth = false }: { onDone?: () => void; fullWidth?: boolean }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const restartTutorial = useOnboarding((s) => s.reset);
  const [passwordOpened, passwordDialog] = useDisclosure(false);
  return (
    // In the drawer (fullWidth) the three may wrap: at 320 px one row cut them to "Tu", "Pa", "Lo".
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
        leftSection={<IconKey size={16} />}
        // The drawer stays open under the dialog: closing it would unmount the dialog with it.
        onClick={passwordDialog.open}
      >
        Password
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
      <ChangePasswordDialog opened={passwordOpened} onClose={passwordDialog.close} />
    </Group>
  );
}
