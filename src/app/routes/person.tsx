import { useSearchParams } from 'react-router';
import { PersonDataActions } from '../../features/person-data/components/person-data-actions';
import { PersonScreen } from '../../features/subscribers/people/person-screen';

export function Component() {
  const email = (useSearchParams()[0].get('email') ?? '').trim();
  return (
    <PersonScreen
      key={email.toLowerCase()}
      email={email}
      moreActions={(subscriptions) => (
        <PersonDataActions email={email} listNames={subscriptions.map((s) => s.list.name)} />
      )}
    />
  );
}
