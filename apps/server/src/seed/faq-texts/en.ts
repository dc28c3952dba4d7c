import type { FaqTexts } from './types';

export const en: FaqTexts = {
  finding: {
    title: 'Finding your photos',
    faqs: [
      [
        'How do I find my photos?',
        'Enter the album code you received (on your bib, wristband, room card or in the organiser’s e-mail, for example K7M2Q9P) on the home page. If the event offers face search, you can take a selfie instead and we show you the photos you appear in.',
      ],
      [
        'Why are there no photos in my album yet?',
        'Photographers upload after the event, and each photo is checked and prepared before it appears. Most photos are online within 12 to 48 hours. Your album stays in your list: come back later and new photos appear by themselves.',
      ],
      [
        'My album code is not accepted. What can I do?',
        'Check the characters that look alike (0 and O, 1 and I). Upper or lower case does not matter. After several wrong codes we pause new attempts for a while. If it still fails, send us a request with a photo of your code.',
      ],
      [
        'Some photos of me are missing from my album.',
        'Photos are matched by your code or your face. A covered bib or a face seen from the side can be missed. With face search, answer “Is this you?” when we ask; otherwise write to us with the event, your code and where the photo was taken.',
      ],
    ],
  },
  buying: {
    title: 'Buying and payment',
    faqs: [
      [
        'What is included in the price?',
        'Prices include VAT and are shown in the currency of the event. Packages for the whole album, when offered, usually cost less than buying photos one by one.',
      ],
      [
        'Which payment methods can I use?',
        'Cards everywhere, and depending on your country also iDEAL, Przelewy24, Mercado Pago or bank transfer. The methods available for your cart are shown at checkout.',
      ],
      [
        'My payment failed or I was charged twice.',
        'A failed payment is not charged; you can try again or choose another method. If money left your account but you have no order, or you see two charges, send us a request with the date and the amount: we check it with the payment provider and refund what is not yours to pay.',
      ],
    ],
  },
  downloads: {
    title: 'Downloads and HD',
    faqs: [
      [
        'How do I download the photos I bought?',
        'Open your album: bought photos have a download button, without watermark. You can also ask for the whole album as one zip file; we e-mail you the link when it is ready.',
      ],
      [
        'When are the HD originals available, and for how long?',
        'Some organisers release the full-resolution files a few days after the event, after retouching. Your album shows when HD becomes available and until when it can be downloaded. Save a copy on your device: after that date only the web versions remain.',
      ],
      [
        'The download does not start on my phone.',
        'On an iPhone, open the photo, touch and hold it, then choose “Save to Photos”. On Android, check the Downloads folder. Zip files are easier to open on a computer.',
      ],
    ],
  },
  privacy: {
    title: 'Privacy and face search',
    faqs: [
      [
        'What happens to my selfie?',
        'Your selfie is turned into a face description (a list of numbers) that is compared with the event photos. The image itself is never stored. The description is biometric data: we use it only with your consent, only for this search, and delete it after 180 days at most.',
      ],
      [
        'Can I hide my face from other participants’ photos?',
        'Yes. Turn on anonymous mode in your album: your face is blurred in the photos other participants see and buy. You can turn it off again at any time.',
      ],
      [
        'How do I delete my account and my data?',
        'In your profile choose “Delete account” and confirm with your password. Your albums, selfies and face descriptions are deleted; invoices are kept as long as the law requires.',
      ],
    ],
  },
  prints: {
    title: 'Prints and photobooks',
    faqs: [
      [
        'Can I order prints or a photobook?',
        'Yes. After choosing your photos, open Print: choose a product, size and paper, and the photos to print. Shipping costs are shown before you pay.',
      ],
      [
        'When will my prints arrive?',
        'Prints are made by our photo lab and usually shipped within 5 working days. You receive the tracking link by e-mail when the parcel leaves.',
      ],
    ],
  },
  marathon: {
    title: 'Lakeside City Marathon',
    faqs: [
      [
        'Where were the photographers on the course?',
        'At the start, at km 10 and km 30, and at the finish line. Photos of each point are in their own gallery of your album.',
      ],
      [
        'When will the finish-line photos be online?',
        'The finish line is photographed by several photographers; their photos arrive during the evening after the race and on the following day.',
      ],
    ],
  },
};
