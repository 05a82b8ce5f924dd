import 'antd/dist/reset.css';
import './app/contrast.css';
import './app/phone-cards.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { captureWindowErrors } from './lib/error-log';
import { createQueryClient } from './lib/query-client';

// docs/web.md "Answer codes": unhandled errors are logged in production (the navbar's error log shows them).
captureWindowErrors();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
