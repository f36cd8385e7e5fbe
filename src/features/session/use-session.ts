import { useSyncExternalStore } from 'react';
import { session, type SessionState } from '../../api/session';

export const useSession = (): SessionState => useSyncExternalStore(session.subscribe, session.get);
