import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config } from 'zod/v4/core';
import { drfErrorMap } from '../contract/messages';
import { App } from './app/app';

// Form messages read exactly like the server's 400 bodies (Django REST framework wording).
config({ customError: drfErrorMap });

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
