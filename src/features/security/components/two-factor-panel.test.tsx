import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchRoutes, renderWithProviders } from '../../../test/render';
import { TwoFactorPanel } from './two-factor-panel';

afterEach(() => vi.unstubAllGlobals());

/** An enrolled user's panel; `turnOff` answers DELETE /me/two-factor. */
function renderEnrolled(turnOff: (body: unknown) => Response) {
  let enrolled = true;
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchRoutes({
        'GET /api/v1/me/two-factor': () =>
          Response.json({ enrolled, required: false, recovery_codes_left: 7 }),
        'DELETE /api/v1/me/two-factor': (init: RequestInit) => {
          const body = JSON.parse(String(init.body));
          sent.push(body);
          const response = turnOff(body);
          if (response.status === 204) enrolled = false;
          return response;
        },
      }),
    ),
  );
  renderWithProviders(<TwoFactorPanel />);
  return sent;
}

const fill = async (password: string, code: string) => {
  if (password) await userEvent.type(screen.getByLabelText(/^Password/), password);
  if (code)
    await userEvent.type(screen.getByRole('textbox', { name: /Code to turn it off/ }), code);
  await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
};

describe('TwoFactorPanel, turning it off', () => {
  it('asks for the password and a code before sending anything', async () => {
    const sent = renderEnrolled(() => new Response(null, { status: 204 }));
    expect(await screen.findByText(/7 recovery codes left/)).toBeInTheDocument();
    await fill('', '');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Enter your password.');
    expect(
      screen.getByRole('textbox', { name: /Code to turn it off/ }),
    ).toHaveAccessibleDescription('Enter the code.');
    expect(sent).toEqual([]);
  });

  it('shows a wrong password on its field, and a wait the server asks for', async () => {
    const answers = [
      Response.json({ password: ['The password is not correct.'] }, { status: 400 }),
      Response.json({ code: ['The code is not correct.'] }, { status: 400 }),
      Response.json(
        { detail: 'Too many wrong codes. Try again in 30 seconds.' },
        { status: 429, headers: { 'retry-after': '30' } },
      ),
    ];
    const sent = renderEnrolled(() => answers.shift()!);
    await screen.findByText(/7 recovery codes left/);
    await fill('a guess', '123456');
    await waitFor(() =>
      expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
        'The password is not correct.',
      ),
    );
    expect(sent).toEqual([{ password: 'a guess', code: '123456' }]);

    await fill('', '');
    await waitFor(() =>
      expect(
        screen.getByRole('textbox', { name: /Code to turn it off/ }),
      ).toHaveAccessibleDescription('The code is not correct.'),
    );
    expect(screen.getByLabelText(/^Password/)).not.toHaveAccessibleDescription(/./);

    await fill('', '');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 30 seconds.',
    );
    expect(sent).toHaveLength(3);
  });

  it('turns it off with the right password and code', async () => {
    const sent = renderEnrolled(() => new Response(null, { status: 204 }));
    await screen.findByText(/7 recovery codes left/);
    await fill('correct horse', ' 654321 ');
    expect(
      await screen.findByRole('button', { name: 'Set up two-factor sign-in' }),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ password: 'correct horse', code: '654321' }]);
  });
});
