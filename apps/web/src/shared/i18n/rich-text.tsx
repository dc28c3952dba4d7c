import { Fragment, type ReactNode } from 'react';

/**
 * Renders a translated text whose parts are wrapped in tags, e.g.
 * "I accept the <terms>terms of service</terms>", with a component per tag name.
 * Unknown tags are shown as plain text; tags do not nest.
 */
export function RichText({
  text,
  components,
}: {
  text: string;
  components: Record<string, (chunk: string) => ReactNode>;
}) {
  const parts: ReactNode[] = [];
  const pattern = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const [whole, name = '', chunk = ''] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    const render = components[name];
    parts.push(<Fragment key={match.index}>{render ? render(chunk) : chunk}</Fragment>);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
