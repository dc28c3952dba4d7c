import type { Language, OrganisationRole } from '@fotodrop/contract';
import type { MailMessage } from '../adapters/mail/mailer';
import { renderMail, textsFor } from './mail-template';

interface Texts {
  subject: (org: string) => string;
  body: (org: string, role: string) => string;
  roles: Record<OrganisationRole, string>;
  action: string;
  expiry: (days: number) => string;
  ignore: string;
}

const texts: Record<Language, Texts> = {
  en: {
    subject: (o) => `You are invited to ${o} on Fotodrop`,
    body: (o, r) => `You are invited to join the team of ${o} on Fotodrop as ${r}.`,
    roles: { owner: 'owner', manager: 'manager', photographer: 'photographer', support: 'support' },
    action: 'Accept the invitation',
    expiry: (d) => `The link works once and expires in ${d} days.`,
    ignore: 'If you did not expect this, ignore this e-mail.',
  },
  it: {
    subject: (o) => `Sei stato invitato in ${o} su Fotodrop`,
    body: (o, r) => `Sei invitato a entrare nel team di ${o} su Fotodrop come ${r}.`,
    roles: { owner: 'titolare', manager: 'manager', photographer: 'fotografo', support: 'assistenza' },
    action: "Accetta l'invito",
    expiry: (d) => `Il link funziona una sola volta e scade tra ${d} giorni.`,
    ignore: 'Se non te lo aspettavi, ignora questa e-mail.',
  },
  es: {
    subject: (o) => `Te han invitado a ${o} en Fotodrop`,
    body: (o, r) => `Te invitan a unirte al equipo de ${o} en Fotodrop como ${r}.`,
    roles: { owner: 'propietario', manager: 'gestor', photographer: 'fotógrafo', support: 'soporte' },
    action: 'Aceptar la invitación',
    expiry: (d) => `El enlace funciona una sola vez y caduca en ${d} días.`,
    ignore: 'Si no lo esperabas, ignora este correo.',
  },
  pt: {
    subject: (o) => `Foi convidado para ${o} no Fotodrop`,
    body: (o, r) => `Foi convidado a juntar-se à equipa de ${o} no Fotodrop como ${r}.`,
    roles: { owner: 'proprietário', manager: 'gestor', photographer: 'fotógrafo', support: 'apoio' },
    action: 'Aceitar o convite',
    expiry: (d) => `A ligação funciona uma única vez e expira dentro de ${d} dias.`,
    ignore: 'Se não estava à espera disto, ignore este e-mail.',
  },
  de: {
    subject: (o) => `Einladung zu ${o} auf Fotodrop`,
    body: (o, r) => `Du bist eingeladen, dem Team von ${o} auf Fotodrop als ${r} beizutreten.`,
    roles: { owner: 'Inhaber', manager: 'Manager', photographer: 'Fotograf', support: 'Support' },
    action: 'Einladung annehmen',
    expiry: (d) => `Der Link funktioniert einmal und läuft in ${d} Tagen ab.`,
    ignore: 'Wenn du das nicht erwartet hast, ignoriere diese E-Mail.',
  },
  fr: {
    subject: (o) => `Vous êtes invité à rejoindre ${o} sur Fotodrop`,
    body: (o, r) => `Vous êtes invité à rejoindre l’équipe de ${o} sur Fotodrop en tant que ${r}.`,
    roles: {
      owner: 'propriétaire',
      manager: 'gestionnaire',
      photographer: 'photographe',
      support: 'support',
    },
    action: 'Accepter l’invitation',
    expiry: (d) => `Le lien ne fonctionne qu’une fois et expire dans ${d} jours.`,
    ignore: 'Si vous ne vous y attendiez pas, ignorez cet e-mail.',
  },
  sl: {
    subject: (o) => `Povabljeni ste v ${o} na Fotodropu`,
    body: (o, r) => `Povabljeni ste, da se pridružite ekipi ${o} na Fotodropu kot ${r}.`,
    roles: { owner: 'lastnik', manager: 'upravitelj', photographer: 'fotograf', support: 'podpora' },
    action: 'Sprejmite povabilo',
    expiry: (d) => `Povezava deluje enkrat in poteče čez ${d} dni.`,
    ignore: 'Če tega niste pričakovali, prezrite to e-pošto.',
  },
  ru: {
    subject: (o) => `Приглашение в ${o} на Fotodrop`,
    body: (o, r) => `Вас приглашают в команду ${o} на Fotodrop с ролью «${r}».`,
    roles: { owner: 'владелец', manager: 'менеджер', photographer: 'фотограф', support: 'поддержка' },
    action: 'Принять приглашение',
    expiry: (d) => `Ссылка действует один раз и истекает через ${d} дней.`,
    ignore: 'Если вы не ожидали этого письма, проигнорируйте его.',
  },
  uk: {
    subject: (o) => `Запрошення до ${o} на Fotodrop`,
    body: (o, r) => `Вас запрошують до команди ${o} на Fotodrop з роллю «${r}».`,
    roles: { owner: 'власник', manager: 'менеджер', photographer: 'фотограф', support: 'підтримка' },
    action: 'Прийняти запрошення',
    expiry: (d) => `Посилання діє один раз і спливає через ${d} днів.`,
    ignore: 'Якщо ви не очікували цього листа, проігноруйте його.',
  },
  pl: {
    subject: (o) => `Zaproszenie do ${o} w Fotodrop`,
    body: (o, r) => `Zapraszamy Cię do zespołu ${o} w Fotodrop w roli: ${r}.`,
    roles: { owner: 'właściciel', manager: 'menedżer', photographer: 'fotograf', support: 'wsparcie' },
    action: 'Przyjmij zaproszenie',
    expiry: (d) => `Link działa jeden raz i wygasa za ${d} dni.`,
    ignore: 'Jeśli się tego nie spodziewałeś, zignoruj tę wiadomość.',
  },
};

/** The invitation to an organisation's team: the single-use link and how long it works. */
export function invitationEmail(input: {
  to: string;
  organisationName: string;
  role: OrganisationRole;
  language: Language | string;
  link: string;
  expiresInDays: number;
}): MailMessage {
  const t = textsFor(texts, input.language);
  return renderMail(input.to, t.subject(input.organisationName), [
    { kind: 'paragraph', text: t.body(input.organisationName, t.roles[input.role]) },
    { kind: 'link', label: t.action, url: input.link },
    { kind: 'paragraph', text: t.expiry(input.expiresInDays) },
    { kind: 'paragraph', text: t.ignore },
  ]);
}
