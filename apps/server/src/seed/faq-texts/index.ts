import type { Language } from '@fotodrop/contract';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { pl } from './pl';
import { pt } from './pt';
import { ru } from './ru';
import { sl } from './sl';
import type { FaqTexts } from './types';
import { uk } from './uk';

export type { FaqGroupTexts, FaqTexts } from './types';

/** The platform's help content, every language (a test checks they have the same questions). */
export const FAQ_TEXTS: Record<Language, FaqTexts> = { en, it, es, pt, de, fr, sl, ru, uk, pl };
