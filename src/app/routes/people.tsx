import { PeopleScreen } from '../../features/subscribers/people/people-screen';

export function Component() {
  return <PeopleScreen />;
}
