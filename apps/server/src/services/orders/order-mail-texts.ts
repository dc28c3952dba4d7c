import type { Language } from '@fotodrop/contract';

/** The words of the order e-mails (purchase and bank transfer) and of the receipt they both carry. */
export interface OrderMailTexts {
  paidSubject: (id: number) => string;
  transferSubject: (id: number) => string;
  greeting: (name: string) => string;
  thanks: string;
  transferIntro: string;
  transferLabels: [beneficiary: string, iban: string, bic: string, reference: string, amount: string];
  transferAfter: string;
  yourOrder: string;
  vatIncluded: string;
  subtotal: string;
  discount: string;
  shipping: string;
  handling: string;
  totalPaid: string;
  totalDue: string;
  shipTo: string;
  delivery: (from: string, to: string) => string;
  deliveryAfterTransfer: (min: number, max: number) => string;
  albums: string;
  downloads: string;
  /** The refund e-mail (issue 19). */
  refundSubject: (id: number) => string;
  refundPartial: string;
  refundWhole: string;
  refunded: string;
  refundReason: string;
  refundAfter: string;
}

/** One table of the ten languages for both order e-mails (issue 17 item 15: written once). */
export const ORDER_MAIL_TEXTS: Record<Language, OrderMailTexts> = {
  en: {
    paidSubject: (id) => `Your Fotodrop order ${id}`,
    transferSubject: (id) => `Fotodrop order ${id}: bank transfer details`,
    greeting: (n) => `Hello ${n},`,
    thanks: 'Thank you for your purchase. Your photos are unlocked.',
    transferIntro: 'Your order is received. Please make a bank transfer with these details:',
    transferLabels: ['Beneficiary', 'IBAN', 'BIC', 'Reference', 'Amount'],
    transferAfter: 'Your photos unlock as soon as the transfer arrives; we will write to you then.',
    yourOrder: 'Your order',
    vatIncluded: 'VAT incl.',
    subtotal: 'Subtotal',
    discount: 'Discount',
    shipping: 'Shipping',
    handling: 'Handling',
    totalPaid: 'Total paid',
    totalDue: 'Total to pay',
    shipTo: 'Shipping address',
    delivery: (from, to) => `Estimated delivery of your prints: ${from} to ${to}.`,
    deliveryAfterTransfer: (min, max) =>
      `Your prints are delivered ${min} to ${max} working days after your transfer arrives.`,
    albums: 'Open your album',
    downloads: 'In the album you can download each photo, or the whole album as a zip sent by e-mail.',
    refundSubject: (id) => `Fotodrop order ${id}: refund`,
    refundPartial: 'We have refunded part of your order:',
    refundWhole: 'We have refunded your order:',
    refunded: 'Refunded',
    refundReason: 'Reason',
    refundAfter:
      'The money goes back to how you paid; it may take a few days to appear. Refunded photos can no longer be downloaded.',
  },
  it: {
    paidSubject: (id) => `Il tuo ordine Fotodrop ${id}`,
    transferSubject: (id) => `Ordine Fotodrop ${id}: dati per il bonifico`,
    greeting: (n) => `Ciao ${n},`,
    thanks: 'Grazie per il tuo acquisto. Le tue foto sono sbloccate.',
    transferIntro: 'Abbiamo ricevuto il tuo ordine. Effettua un bonifico con questi dati:',
    transferLabels: ['Beneficiario', 'IBAN', 'BIC', 'Causale', 'Importo'],
    transferAfter: 'Le tue foto si sbloccano appena arriva il bonifico; te lo scriveremo.',
    yourOrder: 'Il tuo ordine',
    vatIncluded: 'IVA incl.',
    subtotal: 'Subtotale',
    discount: 'Sconto',
    shipping: 'Spedizione',
    handling: 'Gestione',
    totalPaid: 'Totale pagato',
    totalDue: 'Totale da pagare',
    shipTo: 'Indirizzo di spedizione',
    delivery: (from, to) => `Consegna prevista delle stampe: dal ${from} al ${to}.`,
    deliveryAfterTransfer: (min, max) =>
      `Le stampe arrivano da ${min} a ${max} giorni lavorativi dopo l'arrivo del bonifico.`,
    albums: 'Apri il tuo album',
    downloads: "Nell'album puoi scaricare ogni foto, o l'intero album come zip inviato per e-mail.",
    refundSubject: (id) => `Ordine Fotodrop ${id}: rimborso`,
    refundPartial: 'Abbiamo rimborsato una parte del tuo ordine:',
    refundWhole: 'Abbiamo rimborsato il tuo ordine:',
    refunded: 'Rimborsato',
    refundReason: 'Motivo',
    refundAfter:
      'L’importo torna sul metodo con cui hai pagato; può richiedere alcuni giorni. Le foto rimborsate non si possono più scaricare.',
  },
  es: {
    paidSubject: (id) => `Tu pedido de Fotodrop ${id}`,
    transferSubject: (id) => `Pedido Fotodrop ${id}: datos de la transferencia`,
    greeting: (n) => `Hola ${n}:`,
    thanks: 'Gracias por tu compra. Tus fotos están desbloqueadas.',
    transferIntro: 'Hemos recibido tu pedido. Haz una transferencia bancaria con estos datos:',
    transferLabels: ['Beneficiario', 'IBAN', 'BIC', 'Referencia', 'Importe'],
    transferAfter: 'Tus fotos se desbloquean en cuanto llegue la transferencia; te avisaremos.',
    yourOrder: 'Tu pedido',
    vatIncluded: 'IVA incl.',
    subtotal: 'Subtotal',
    discount: 'Descuento',
    shipping: 'Envío',
    handling: 'Gestión',
    totalPaid: 'Total pagado',
    totalDue: 'Total a pagar',
    shipTo: 'Dirección de envío',
    delivery: (from, to) => `Entrega estimada de tus copias: del ${from} al ${to}.`,
    deliveryAfterTransfer: (min, max) =>
      `Tus copias llegan de ${min} a ${max} días laborables después de recibir la transferencia.`,
    albums: 'Abre tu álbum',
    downloads: 'En el álbum puedes descargar cada foto, o el álbum completo como zip enviado por correo.',
    refundSubject: (id) => `Pedido Fotodrop ${id}: reembolso`,
    refundPartial: 'Hemos reembolsado una parte de tu pedido:',
    refundWhole: 'Hemos reembolsado tu pedido:',
    refunded: 'Reembolsado',
    refundReason: 'Motivo',
    refundAfter:
      'El dinero vuelve al medio con el que pagaste; puede tardar unos días. Las fotos reembolsadas ya no se pueden descargar.',
  },
  pt: {
    paidSubject: (id) => `A sua encomenda Fotodrop ${id}`,
    transferSubject: (id) => `Encomenda Fotodrop ${id}: dados da transferência`,
    greeting: (n) => `Olá ${n},`,
    thanks: 'Obrigado pela sua compra. As suas fotos estão desbloqueadas.',
    transferIntro: 'Recebemos a sua encomenda. Faça uma transferência bancária com estes dados:',
    transferLabels: ['Beneficiário', 'IBAN', 'BIC', 'Referência', 'Montante'],
    transferAfter: 'As suas fotos são desbloqueadas assim que a transferência chegar; avisaremos.',
    yourOrder: 'A sua encomenda',
    vatIncluded: 'IVA incl.',
    subtotal: 'Subtotal',
    discount: 'Desconto',
    shipping: 'Envio',
    handling: 'Manuseamento',
    totalPaid: 'Total pago',
    totalDue: 'Total a pagar',
    shipTo: 'Morada de envio',
    delivery: (from, to) => `Entrega prevista das suas impressões: de ${from} a ${to}.`,
    deliveryAfterTransfer: (min, max) =>
      `As suas impressões chegam ${min} a ${max} dias úteis depois de a transferência chegar.`,
    albums: 'Abrir o seu álbum',
    downloads: 'No álbum pode descarregar cada foto, ou o álbum inteiro como zip enviado por e-mail.',
    refundSubject: (id) => `Encomenda Fotodrop ${id}: reembolso`,
    refundPartial: 'Reembolsámos parte da sua encomenda:',
    refundWhole: 'Reembolsámos a sua encomenda:',
    refunded: 'Reembolsado',
    refundReason: 'Motivo',
    refundAfter:
      'O dinheiro volta ao meio com que pagou; pode demorar alguns dias. As fotos reembolsadas já não podem ser descarregadas.',
  },
  de: {
    paidSubject: (id) => `Deine Fotodrop-Bestellung ${id}`,
    transferSubject: (id) => `Fotodrop-Bestellung ${id}: Überweisungsdaten`,
    greeting: (n) => `Hallo ${n},`,
    thanks: 'Danke für deinen Kauf. Deine Fotos sind freigeschaltet.',
    transferIntro: 'Deine Bestellung ist eingegangen. Bitte überweise mit diesen Angaben:',
    transferLabels: ['Empfänger', 'IBAN', 'BIC', 'Verwendungszweck', 'Betrag'],
    transferAfter:
      'Deine Fotos werden freigeschaltet, sobald die Überweisung eingeht; wir schreiben dir dann.',
    yourOrder: 'Deine Bestellung',
    vatIncluded: 'inkl. MwSt.',
    subtotal: 'Zwischensumme',
    discount: 'Rabatt',
    shipping: 'Versand',
    handling: 'Bearbeitung',
    totalPaid: 'Bezahlt',
    totalDue: 'Zu zahlen',
    shipTo: 'Lieferadresse',
    delivery: (from, to) => `Voraussichtliche Lieferung deiner Abzüge: ${from} bis ${to}.`,
    deliveryAfterTransfer: (min, max) =>
      `Deine Abzüge kommen ${min} bis ${max} Werktage nach Eingang deiner Überweisung.`,
    albums: 'Album öffnen',
    downloads:
      'Im Album kannst du jedes Foto herunterladen oder das ganze Album als ZIP per E-Mail erhalten.',
    refundSubject: (id) => `Fotodrop-Bestellung ${id}: Erstattung`,
    refundPartial: 'Wir haben einen Teil Ihrer Bestellung erstattet:',
    refundWhole: 'Wir haben Ihre Bestellung erstattet:',
    refunded: 'Erstattet',
    refundReason: 'Grund',
    refundAfter:
      'Das Geld geht an die Zahlungsart zurück, mit der Sie bezahlt haben; das kann einige Tage dauern. Erstattete Fotos können nicht mehr heruntergeladen werden.',
  },
  fr: {
    paidSubject: (id) => `Votre commande Fotodrop ${id}`,
    transferSubject: (id) => `Commande Fotodrop ${id} : coordonnées du virement`,
    greeting: (n) => `Bonjour ${n},`,
    thanks: 'Merci pour votre achat. Vos photos sont débloquées.',
    transferIntro: 'Votre commande est reçue. Effectuez un virement avec ces coordonnées :',
    transferLabels: ['Bénéficiaire', 'IBAN', 'BIC', 'Référence', 'Montant'],
    transferAfter: 'Vos photos seront débloquées dès réception du virement ; nous vous écrirons alors.',
    yourOrder: 'Votre commande',
    vatIncluded: 'TVA incl.',
    subtotal: 'Sous-total',
    discount: 'Remise',
    shipping: 'Livraison',
    handling: 'Frais de traitement',
    totalPaid: 'Total payé',
    totalDue: 'Total à payer',
    shipTo: 'Adresse de livraison',
    delivery: (from, to) => `Livraison estimée de vos tirages : du ${from} au ${to}.`,
    deliveryAfterTransfer: (min, max) =>
      `Vos tirages sont livrés ${min} à ${max} jours ouvrés après réception de votre virement.`,
    albums: 'Ouvrir votre album',
    downloads:
      "Dans l'album, vous pouvez télécharger chaque photo, ou tout l'album en zip envoyé par e-mail.",
    refundSubject: (id) => `Commande Fotodrop ${id} : remboursement`,
    refundPartial: 'Nous avons remboursé une partie de votre commande :',
    refundWhole: 'Nous avons remboursé votre commande :',
    refunded: 'Remboursé',
    refundReason: 'Motif',
    refundAfter:
      'L’argent revient sur le moyen de paiement utilisé ; cela peut prendre quelques jours. Les photos remboursées ne peuvent plus être téléchargées.',
  },
  sl: {
    paidSubject: (id) => `Vaše naročilo Fotodrop ${id}`,
    transferSubject: (id) => `Naročilo Fotodrop ${id}: podatki za nakazilo`,
    greeting: (n) => `Pozdravljeni, ${n},`,
    thanks: 'Hvala za nakup. Vaše fotografije so odklenjene.',
    transferIntro: 'Vaše naročilo smo prejeli. Plačajte z bančnim nakazilom s temi podatki:',
    transferLabels: ['Prejemnik', 'IBAN', 'BIC', 'Sklic', 'Znesek'],
    transferAfter: 'Fotografije se odklenejo, ko prispe nakazilo; takrat vam pišemo.',
    yourOrder: 'Vaše naročilo',
    vatIncluded: 'z DDV',
    subtotal: 'Vmesna vsota',
    discount: 'Popust',
    shipping: 'Poštnina',
    handling: 'Obdelava',
    totalPaid: 'Skupaj plačano',
    totalDue: 'Za plačilo',
    shipTo: 'Naslov za dostavo',
    delivery: (from, to) => `Predvidena dostava vaših fotografij: od ${from} do ${to}.`,
    deliveryAfterTransfer: (min, max) =>
      `Natisnjene fotografije prispejo ${min} do ${max} delovnih dni po prejemu nakazila.`,
    albums: 'Odprite svoj album',
    downloads: 'V albumu lahko prenesete vsako fotografijo ali celoten album kot zip, poslan po e-pošti.',
    refundSubject: (id) => `Naročilo Fotodrop ${id}: vračilo`,
    refundPartial: 'Vrnili smo del vašega naročila:',
    refundWhole: 'Vrnili smo vaše naročilo:',
    refunded: 'Vrnjeno',
    refundReason: 'Razlog',
    refundAfter:
      'Denar se vrne na način plačila, ki ste ga uporabili; to lahko traja nekaj dni. Vrnjenih fotografij ni več mogoče prenesti.',
  },
  ru: {
    paidSubject: (id) => `Ваш заказ Fotodrop ${id}`,
    transferSubject: (id) => `Заказ Fotodrop ${id}: реквизиты для перевода`,
    greeting: (n) => `Здравствуйте, ${n}!`,
    thanks: 'Спасибо за покупку. Ваши фотографии разблокированы.',
    transferIntro: 'Ваш заказ получен. Сделайте банковский перевод по этим реквизитам:',
    transferLabels: ['Получатель', 'IBAN', 'BIC', 'Назначение', 'Сумма'],
    transferAfter: 'Фотографии откроются, как только придёт перевод; мы вам напишем.',
    yourOrder: 'Ваш заказ',
    vatIncluded: 'вкл. НДС',
    subtotal: 'Промежуточный итог',
    discount: 'Скидка',
    shipping: 'Доставка',
    handling: 'Обработка',
    totalPaid: 'Оплачено',
    totalDue: 'К оплате',
    shipTo: 'Адрес доставки',
    delivery: (from, to) => `Ожидаемая доставка отпечатков: с ${from} по ${to}.`,
    deliveryAfterTransfer: (min, max) =>
      `Отпечатки будут доставлены через ${min}–${max} рабочих дней после поступления перевода.`,
    albums: 'Открыть альбом',
    downloads: 'В альбоме можно скачать каждое фото или весь альбом архивом zip, ссылка придёт по e-mail.',
    refundSubject: (id) => `Заказ Fotodrop ${id}: возврат`,
    refundPartial: 'Мы вернули деньги за часть вашего заказа:',
    refundWhole: 'Мы вернули деньги за ваш заказ:',
    refunded: 'Возвращено',
    refundReason: 'Причина',
    refundAfter:
      'Деньги вернутся тем способом, которым вы платили; это может занять несколько дней. Фото, за которые вернули деньги, больше нельзя скачать.',
  },
  uk: {
    paidSubject: (id) => `Ваше замовлення Fotodrop ${id}`,
    transferSubject: (id) => `Замовлення Fotodrop ${id}: реквізити для переказу`,
    greeting: (n) => `Вітаємо, ${n}!`,
    thanks: 'Дякуємо за покупку. Ваші фото розблоковано.',
    transferIntro: 'Ваше замовлення отримано. Зробіть банківський переказ за цими реквізитами:',
    transferLabels: ['Отримувач', 'IBAN', 'BIC', 'Призначення', 'Сума'],
    transferAfter: 'Фото відкриються, щойно надійде переказ; ми вам напишемо.',
    yourOrder: 'Ваше замовлення',
    vatIncluded: 'з ПДВ',
    subtotal: 'Проміжний підсумок',
    discount: 'Знижка',
    shipping: 'Доставка',
    handling: 'Обробка',
    totalPaid: 'Сплачено',
    totalDue: 'До сплати',
    shipTo: 'Адреса доставки',
    delivery: (from, to) => `Очікувана доставка відбитків: з ${from} по ${to}.`,
    deliveryAfterTransfer: (min, max) =>
      `Відбитки буде доставлено через ${min}–${max} робочих днів після надходження переказу.`,
    albums: 'Відкрити альбом',
    downloads:
      'В альбомі можна завантажити кожне фото або весь альбом архівом zip, посилання надійде e-mail.',
    refundSubject: (id) => `Замовлення Fotodrop ${id}: повернення`,
    refundPartial: 'Ми повернули кошти за частину вашого замовлення:',
    refundWhole: 'Ми повернули кошти за ваше замовлення:',
    refunded: 'Повернено',
    refundReason: 'Причина',
    refundAfter:
      'Кошти повернуться тим способом, яким ви платили; це може зайняти кілька днів. Фото, за які повернули кошти, більше не можна завантажити.',
  },
  pl: {
    paidSubject: (id) => `Twoje zamówienie Fotodrop ${id}`,
    transferSubject: (id) => `Zamówienie Fotodrop ${id}: dane do przelewu`,
    greeting: (n) => `Cześć ${n},`,
    thanks: 'Dziękujemy za zakup. Twoje zdjęcia są odblokowane.',
    transferIntro: 'Otrzymaliśmy Twoje zamówienie. Zrób przelew bankowy z tymi danymi:',
    transferLabels: ['Odbiorca', 'IBAN', 'BIC', 'Tytuł przelewu', 'Kwota'],
    transferAfter: 'Zdjęcia zostaną odblokowane, gdy przelew dotrze; napiszemy wtedy do Ciebie.',
    yourOrder: 'Twoje zamówienie',
    vatIncluded: 'z VAT',
    subtotal: 'Suma częściowa',
    discount: 'Rabat',
    shipping: 'Wysyłka',
    handling: 'Obsługa',
    totalPaid: 'Zapłacono',
    totalDue: 'Do zapłaty',
    shipTo: 'Adres dostawy',
    delivery: (from, to) => `Przewidywana dostawa odbitek: od ${from} do ${to}.`,
    deliveryAfterTransfer: (min, max) =>
      `Odbitki dotrą ${min}–${max} dni roboczych po zaksięgowaniu przelewu.`,
    albums: 'Otwórz swój album',
    downloads: 'W albumie możesz pobrać każde zdjęcie lub cały album jako zip wysłany e-mailem.',
    refundSubject: (id) => `Zamówienie Fotodrop ${id}: zwrot`,
    refundPartial: 'Zwróciliśmy część Twojego zamówienia:',
    refundWhole: 'Zwróciliśmy Twoje zamówienie:',
    refunded: 'Zwrócono',
    refundReason: 'Powód',
    refundAfter:
      'Pieniądze wrócą tą metodą, którą płaciłeś; może to potrwać kilka dni. Zwróconych zdjęć nie można już pobrać.',
  },
};
