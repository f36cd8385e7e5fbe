import { useQuery } from '@tanstack/react-query';
import { referenceQueries } from '../../../api/shared-queries';

/** "German (de)": the language's localized name beside its code, the code alone until known. */
export function LanguageName({ code }: { code: string }) {
  const { data } = useQuery(referenceQueries.allLanguages());
  const name = data?.find((l) => l.code === code)?.name;
  return <>{name ? `${name} (${code})` : code}</>;
}

/** "Wien (AT-9)"; an unknown code shows as it is. */
export function RegionName({ code }: { code: string }) {
  const { data } = useQuery({
    ...referenceQueries.region(code),
    enabled: code !== '',
    retry: false,
  });
  return <>{data ? `${data.name} (${code})` : code}</>;
}
