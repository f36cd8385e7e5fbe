import { SignInPage } from '../../features/session/components/sign-in-page';

export const Component = SignInPage;
