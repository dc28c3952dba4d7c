import type { PolicyTexts } from './types';

const en: PolicyTexts = {
  terms: [
    {
      title: '1. Who we are and what these terms cover',
      paragraphs: [
        'Fotodrop is a platform where participants of events and holiday stays find, buy and download the photos and videos taken of them. Photographers and photo agencies take the pictures on behalf of the event organiser; organisations may run Fotodrop under their own name and address.',
        'These terms apply to your use of the site and to every purchase you make on it, whichever organisation’s site you use.',
      ],
    },
    {
      title: '2. Your account',
      paragraphs: [
        'You must be at least 18 years old, or the minimum age the organiser of your event states with the consent of a parent or guardian. Give correct details, keep your password to yourself and tell us at {contact} if you think someone else uses your account.',
        'You may delete your account at any time in your profile. We may suspend an account that breaks these terms, for example by trying to open other people’s albums.',
      ],
    },
    {
      title: '3. Finding your photos',
      paragraphs: [
        'You open an album with the code you received from the organiser, or by a face search with a selfie where the event offers it. Look only for photos of yourself, or of people who have allowed you to do so. Do not share or try to guess other people’s codes: repeated wrong codes are blocked for a while.',
      ],
    },
    {
      title: '4. Prices and purchases',
      paragraphs: [
        'Prices are shown in the currency of the event and include VAT. A purchase is concluded when your payment is confirmed; you then receive a confirmation by e-mail.',
        'Digital photos and videos are delivered at once. By asking for immediate delivery you agree that your 14-day right of withdrawal ends as soon as the download is available. Prints, canvases and photobooks are made from your own photos and therefore cannot be returned once production has started; a faulty or damaged product is replaced or refunded.',
      ],
    },
    {
      title: '5. What you may do with your photos',
      paragraphs: [
        'The photographers keep the copyright. A purchase gives you a personal, non-commercial licence to keep, print and share the photos, including on your own social media. You may not sell them, use them for advertising or remove a credit.',
        'Previews of photos you have not bought carry a watermark and may not be used outside the site.',
      ],
    },
    {
      title: '6. How long albums stay available',
      paragraphs: [
        'The organiser decides how long an event’s photos are kept; the album shows the date. Photos you have not bought are deleted after that date. Photos and videos you bought stay in your account as long as the album exists: download them to keep your own copy.',
      ],
    },
    {
      title: '7. Fair use',
      paragraphs: [
        'Do not copy the site or its content automatically, get around watermarks, limits or payment, or use the site to break the law or anyone’s rights.',
      ],
    },
    {
      title: '8. Liability',
      paragraphs: [
        'We take care to keep the site available and your purchases safe, but cannot promise it will always work without interruption. Nothing in these terms limits our liability for intent, gross negligence, injury to life or health, or where the law does not allow it, nor your rights as a consumer.',
      ],
    },
    {
      title: '9. Changes to these terms',
      paragraphs: [
        'When we change these terms we publish a new version with its date and ask you to accept it before you continue. Purchases you made before stay under the version in force at the time.',
      ],
    },
    {
      title: '10. Law and disputes',
      paragraphs: [
        'These terms are governed by the law of the country where the operator is established; as a consumer you also keep the protection of the mandatory law of the country where you live. Please contact us first at {contact}; you may also use the European Commission’s online dispute resolution platform.',
      ],
    },
  ],
  privacy: [
    {
      title: '1. Who is responsible',
      paragraphs: [
        'The operator of Fotodrop is responsible for the processing of your personal data on this site. The organiser of your event is responsible for the photography at its event and for the answers its check-in forms ask for. You reach us at {contact}.',
      ],
    },
    {
      title: '2. What we collect',
      paragraphs: [
        'Your account: name, e-mail address, a hash of your password (never the password itself), your language and your consents. Your albums: the codes you entered, the answers you gave the organiser and your favourites. Your purchases: what you bought, prices and payment status; card details are handled by the payment provider and never reach us. For print orders: the delivery name and address.',
        'The photos and videos in which you appear, taken at the event. Technical data: IP address, device and browser, and logs of requests, used for security.',
      ],
    },
    {
      title: '3. Face search (biometric data)',
      paragraphs: [
        'Where an event offers it, you may find your photos with a selfie. Only if you choose this and give your explicit consent do we create a face template from your selfie and compare it with the faces in the photos of that one event. The template is never used for any other purpose or event and never sold or shared for other uses.',
        'You can withdraw your consent at any time by removing the album: the selfie and the face template are then deleted. They are deleted at the latest when the event’s photos are deleted.',
      ],
    },
    {
      title: '4. Why we use your data',
      paragraphs: [
        'To provide your account, albums and purchases (performance of a contract); for face search and marketing messages (your consent); to keep invoices and payment records (legal obligation); and to keep the site secure, prevent fraud and abuse such as code guessing, and fix errors (our legitimate interests).',
      ],
    },
    {
      title: '5. How long we keep it',
      paragraphs: [
        'Account data until you delete your account. Photos you have not bought until the date the organiser set for the album. Face templates as described above. Purchase and invoice records as long as tax law requires, usually ten years. Security logs for up to 90 days. Password reset links expire after a short time and work once.',
      ],
    },
    {
      title: '6. Who receives it',
      paragraphs: [
        'The organiser and the photo agency of your event, as far as needed for your album and orders; the payment provider; the print lab for print orders; and our hosting and e-mail providers, who act on our instructions under a contract. We never sell your data. Where data leaves the European Economic Area, it is protected by the European Commission’s standard contractual clauses or an adequacy decision.',
      ],
    },
    {
      title: '7. Your rights',
      paragraphs: [
        'You have the right to access your data, to have it corrected or deleted, to restrict or object to its processing, to receive it in a portable format, and to withdraw a consent at any time without affecting earlier processing. You can delete your account and change your consents in your profile; for anything else write to {contact}. We answer within one month.',
        'You may also lodge a complaint with the data protection authority of the country where you live or work.',
      ],
    },
    {
      title: '8. Security',
      paragraphs: [
        'Passwords are stored only as strong hashes, connections are encrypted, links to photos are signed and expire, and attempts to guess codes or passwords are limited.',
      ],
    },
    {
      title: '9. Cookies and storage in your browser',
      paragraphs: [
        'The site stores only what it needs in your browser: your login, your language and the album you are opening. We do not use advertising trackers.',
      ],
    },
    {
      title: '10. Changes to this policy',
      paragraphs: [
        'When we change this policy we publish a new version with its date and, for important changes, ask you to accept it again before you continue.',
      ],
    },
  ],
};

export default en;
