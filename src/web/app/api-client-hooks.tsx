import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { configureApiClient } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';

/**
 * Lets the API client's 401 handling log out and navigate inside the app. Rendered on the server
 * too (where effects do not run), so both trees are the same for hydration.
 */
export function ApiClientHooks() {
  const navigate = useNavigate();
  useEffect(() => {
    configureApiClient({
      logOut: () => useSessionStore.getState().logOut(),
      navigate: (path) => void navigate(path),
    });
  }, [navigate]);
  return null;
}
