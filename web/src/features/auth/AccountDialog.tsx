import { Divider, Modal, Stack, Title } from '@mantine/core';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DeleteAccountForm } from './DeleteAccountForm';

/** Account settings, from the header's Account button: change the password, or delete the account. */
export function AccountDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Your Account">
      <Stack>
        <Title order={2} size="h5">
          Change password
        </Title>
        <ChangePasswordForm onClose={onClose} />
        <Divider />
        <Title order={2} size="h5">
          Delete account
        </Title>
        <DeleteAccountForm />
      </Stack>
    </Modal>
  );
}
