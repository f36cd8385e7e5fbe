import { Boot } from './boot';
import { Providers } from './providers';

export function App() {
  return (
    <Providers>
      <Boot />
    </Providers>
  );
}
