import type { FaqGroup } from '@fotodrop/contract/api/support';
import { useTranslation } from '../../../shared/i18n/use-translation';

/** Every group with its questions as disclosure widgets; each question is a hash-link target. */
export function FaqGroups({ groups }: { groups: FaqGroup[] }) {
  const { t } = useTranslation();
  return (
    <>
      <nav className="help-topics" aria-label={t('help.topics_label')}>
        <ul>
          {groups.map((g) => (
            <li key={g.id}>
              <a href={`#${g.key}`}>{g.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {groups.map((group) => (
        <section
          key={group.id}
          id={group.key}
          className="help-group"
          tabIndex={-1}
          aria-labelledby={`${group.key}-title`}
        >
          <h2 id={`${group.key}-title`}>{group.title}</h2>
          {group.faqs.map((faq) => (
            <details key={faq.id} id={`faq-${faq.id}`} className="help-faq" tabIndex={-1}>
              <summary>{faq.question}</summary>
              <p>{faq.answer}</p>
            </details>
          ))}
        </section>
      ))}
    </>
  );
}
