import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import { App } from './app/App';
import { queryClient } from './app/queryClient';
import { authQueries } from './features/auth/queries';

// Ask for the session before React's first render: every screen waits for it.
void queryClient.prefetchQuery(authQueries.user());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
