import { useEffect } from 'react';
import { useAppConfig } from '../config/use-app-config';

/** Sets the document title to "<page> · <organisation or Fotodrop>". */
export function usePageTitle(title: string): void {
  const { name } = useAppConfig();
  useEffect(() => {
    document.title = title ? `${title} · ${name}` : name;
  }, [title, name]);
}
