/**
 * Emailed links carry their token in the query string, which servers and proxies log. On a link's
 * first load the token is exchanged, once, for a handle bound to this browser (an HttpOnly cookie
 * holds the other half; server/src/tokens/link-exchange.ts), and the address bar shows the handle
 * instead. Pages then read the parameter as before. A token the server does not take is left in
 * place, so the page shows its usual message for an expired or used link.
 */
import { LINK_TOKEN_PARAMETERS } from '@gatehouse/common/link-tokens';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { call } from '../../api/client.ts';
import { firstLoadApi } from '../../api/first-load.ts';

/** The length of a handle: a value of another length is a link's own token. */
const HANDLE_LENGTH = 32;

// One exchange per token, even when a component mounts twice.
const exchanges = new Map<string, Promise<string | null>>();

function exchange(token: string): Promise<string | null> {
  let pending = exchanges.get(token);
  if (!pending) {
    pending = call(firstLoadApi.linkToken, { body: { token } }).then(
      (result) => result.token,
      () => null,
    );
    exchanges.set(token, pending);
  }
  return pending;
}

/** False while the link's token is being exchanged; the page must wait for it. */
export function useLinkTokenExchange(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const name = LINK_TOKEN_PARAMETERS.find((parameter) => {
    const value = params.get(parameter);
    return value !== null && value !== '' && value.length !== HANDLE_LENGTH;
  });
  const token = name ? params.get(name)! : null;
  const [kept, setKept] = useState<string | null>(null);

  useEffect(() => {
    if (!name || !token) return;
    let current = true;
    void exchange(token).then((handle) => {
      if (!current) return;
      if (handle === null) return setKept(token);
      const next = new URLSearchParams(window.location.search);
      next.set(name, handle);
      void navigate(
        { pathname: location.pathname, search: `?${next.toString()}`, hash: location.hash },
        { replace: true, state: location.state },
      );
    });
    return () => {
      current = false;
    };
  }, [name, token, navigate, location.pathname, location.hash, location.state]);

  return token === null || kept === token;
}
