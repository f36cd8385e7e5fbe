import { useSearchParams } from 'react-router';
import { PersonScreen } from '../../features/subscribers/people/person-screen';

export function Component() {
  const email = (useSearchParams()[0].get('email') ?? '').trim();
  return <PersonScreen key={email.toLowerCase()} email={email} />;
}
