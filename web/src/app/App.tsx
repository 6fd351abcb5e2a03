import { MantineProvider } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { TOAST } from '@onair/protocol/constants';
import { AuthProvider } from '../features/auth/AuthProvider';
import { focusToastRegion } from '../lib/toast';
import { ToastRegion } from './ToastRegion';
import { UpdatePrompt } from '../features/mobile/UpdatePrompt';
import { queryClient } from './queryClient';
import { router } from './router';
import { readableText, theme } from './theme';

/** F8 reaches the toasts from anywhere, signed in or not, even while typing in a field. */
function ToastHotkey() {
  useHotkeys([[TOAST.hotkey, focusToastRegion]], []);
  return null;
}

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={readableText}>
      <ToastRegion />
      <ToastHotkey />
      <UpdatePrompt />
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
