/** One section of a policy document: a heading and its paragraphs. */
export interface PolicySection {
  title: string;
  paragraphs: string[];
}

/**
 * The terms of service and the privacy policy in one language. `{contact}` in a paragraph stands
 * for the operator's contact address (LEGAL_CONTACT_EMAIL), filled in when shown.
 */
export interface PolicyTexts {
  terms: PolicySection[];
  privacy: PolicySection[];
}
