import type { AnchorHTMLAttributes, Ref } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * A link inside the dashboard, as React Router's `<Link>` follows it (the same href and click
 * handling: a modified or middle click opens a tab, a plain one navigates). Ours because
 * React Router's carries its framework mode's page prefetching, which a single-page app never
 * asks for and which every screen downloaded (issue 55's budgets: ~1.5 KB gzip).
 */
export function Link({ to, replace, state, target, onClick, ref, children, ...rest }: LinkProps) {
  const href = useHref(to);
  const follow = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) follow(event);
      }}
    >
      {children}
    </a>
  );
}
