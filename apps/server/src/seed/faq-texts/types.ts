/** One question and its answer. */
export type Qa = readonly [question: string, answer: string];

export interface FaqGroupTexts {
  title: string;
  faqs: readonly Qa[];
}

/** The platform's help content in one language; every language has the same groups and questions. */
export interface FaqTexts {
  finding: FaqGroupTexts;
  buying: FaqGroupTexts;
  downloads: FaqGroupTexts;
  privacy: FaqGroupTexts;
  prints: FaqGroupTexts;
  /** The demo marathon's own questions (an event FAQ). */
  marathon: FaqGroupTexts;
}
