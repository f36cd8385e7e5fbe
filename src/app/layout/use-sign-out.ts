import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { signOut } from '../../api/auth';
import { notifyError } from '../../components/notify';

/**
 * Sign-out, which ends the session on the server first (and then clears the query cache,
 * see query-client.ts). If the server cannot be told, the user stays signed in and is told
 * why: the cookie would otherwise keep working.
 */
export function useSignOut() {
  const { t } = useLingui();
  const [signingOut, setSigningOut] = useState(false);
  const run = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } catch (err) {
      notifyError(err, t`Could not sign out`);
      setSigningOut(false);
    }
  };
  return { signingOut, signOut: () => void run() };
}
