import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder until the dashboard foundation lands (issue 4).
function App() {
  return (
    <main>
      <h1>Mailboard</h1>
      <p>The dashboard is on its way. The API is served under /api/v1.</p>
    </main>
  );
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
