// Hands react-router's navigate to app/navigation.ts so sagas can redirect.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setNavigator } from './navigation';

export function NavigationBridge() {
  const nav = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => void nav(to, options));
    return () => setNavigator(null);
  }, [nav]);
  return null;
}
