import type { PolicyTexts } from './types';

const fr: PolicyTexts = {
  terms: [
    {
      title: '1. Qui nous sommes et ce que couvrent ces conditions',
      paragraphs: [
        'Fotodrop est une plateforme où les participants d’événements et de séjours retrouvent, achètent et téléchargent les photos et vidéos prises d’eux. Les photographes et les agences photo travaillent pour le compte de l’organisateur de l’événement ; des organisations peuvent exploiter Fotodrop sous leur propre nom et leur propre adresse.',
        'Ces conditions s’appliquent à votre utilisation du site et à chaque achat que vous y faites, quel que soit le site d’organisation utilisé.',
      ],
    },
    {
      title: '2. Votre compte',
      paragraphs: [
        'Vous devez avoir au moins 18 ans, ou l’âge minimum indiqué par l’organisateur de votre événement avec l’accord d’un parent ou tuteur. Donnez des informations exactes, gardez votre mot de passe pour vous et prévenez-nous à {contact} si vous pensez que quelqu’un d’autre utilise votre compte.',
        'Vous pouvez supprimer votre compte à tout moment depuis votre profil. Nous pouvons suspendre un compte qui enfreint ces conditions, par exemple en essayant d’ouvrir les albums d’autres personnes.',
      ],
    },
    {
      title: '3. Retrouver vos photos',
      paragraphs: [
        'Vous ouvrez un album avec le code reçu de l’organisateur, ou par une recherche faciale avec un selfie lorsque l’événement la propose. Ne cherchez que des photos de vous-même ou de personnes qui vous y ont autorisé. Ne partagez pas les codes d’autrui et n’essayez pas de les deviner : les codes erronés répétés sont bloqués pendant un certain temps.',
      ],
    },
    {
      title: '4. Prix et achats',
      paragraphs: [
        'Les prix sont affichés dans la devise de l’événement, TVA comprise. Un achat est conclu lorsque votre paiement est confirmé ; vous recevez alors une confirmation par e-mail.',
        'Les photos et vidéos numériques sont livrées immédiatement. En demandant la livraison immédiate, vous acceptez que votre droit de rétractation de 14 jours prenne fin dès que le téléchargement est disponible. Les tirages, toiles et livres photo sont fabriqués à partir de vos propres photos et ne peuvent donc pas être retournés une fois la production lancée ; un produit défectueux ou endommagé est remplacé ou remboursé.',
      ],
    },
    {
      title: '5. Ce que vous pouvez faire de vos photos',
      paragraphs: [
        'Les photographes conservent le droit d’auteur. Un achat vous donne une licence personnelle et non commerciale pour conserver, imprimer et partager les photos, y compris sur vos propres réseaux sociaux. Vous ne pouvez pas les vendre, les utiliser à des fins publicitaires ni retirer une mention d’auteur.',
        'Les aperçus des photos non achetées portent un filigrane et ne peuvent pas être utilisés en dehors du site.',
      ],
    },
    {
      title: '6. Durée de disponibilité des albums',
      paragraphs: [
        'L’organisateur décide combien de temps les photos d’un événement sont conservées ; l’album en indique la date. Les photos non achetées sont supprimées après cette date. Les photos et vidéos achetées restent dans votre compte tant que l’album existe : téléchargez-les pour en garder votre propre copie.',
      ],
    },
    {
      title: '7. Usage loyal',
      paragraphs: [
        'Ne copiez pas le site ou son contenu de manière automatisée, ne contournez pas les filigranes, les limites ou le paiement, et n’utilisez pas le site pour enfreindre la loi ou les droits d’autrui.',
      ],
    },
    {
      title: '8. Responsabilité',
      paragraphs: [
        'Nous veillons à ce que le site soit disponible et vos achats en sécurité, mais ne pouvons pas promettre qu’il fonctionnera toujours sans interruption. Rien dans ces conditions ne limite notre responsabilité en cas de faute intentionnelle, de faute lourde, d’atteinte à la vie ou à la santé, ou lorsque la loi ne le permet pas, ni vos droits de consommateur.',
      ],
    },
    {
      title: '9. Modifications de ces conditions',
      paragraphs: [
        'Lorsque nous modifions ces conditions, nous publions une nouvelle version datée et vous demandons de l’accepter avant de continuer. Vos achats antérieurs restent régis par la version alors en vigueur.',
      ],
    },
    {
      title: '10. Droit applicable et litiges',
      paragraphs: [
        'Ces conditions sont régies par le droit du pays où l’exploitant est établi ; en tant que consommateur, vous conservez la protection des dispositions impératives du pays où vous résidez. Contactez-nous d’abord à {contact} ; vous pouvez aussi utiliser la plateforme de règlement en ligne des litiges de la Commission européenne.',
      ],
    },
  ],
  privacy: [
    {
      title: '1. Qui est responsable',
      paragraphs: [
        'L’exploitant de Fotodrop est responsable du traitement de vos données personnelles sur ce site. L’organisateur de votre événement est responsable des prises de vue lors de son événement et des réponses demandées par ses formulaires d’enregistrement. Vous pouvez nous joindre à {contact}.',
      ],
    },
    {
      title: '2. Ce que nous collectons',
      paragraphs: [
        'Votre compte : nom, adresse e-mail, une empreinte (hash) de votre mot de passe (jamais le mot de passe lui-même), votre langue et vos consentements. Vos albums : les codes saisis, les réponses données à l’organisateur et vos favoris. Vos achats : ce que vous avez acheté, les prix et l’état du paiement ; les données de carte sont traitées par le prestataire de paiement et ne nous parviennent jamais. Pour les commandes de tirages : le nom et l’adresse de livraison.',
        'Les photos et vidéos sur lesquelles vous apparaissez, prises lors de l’événement. Données techniques : adresse IP, appareil et navigateur, et journaux des requêtes, utilisés pour la sécurité.',
      ],
    },
    {
      title: '3. Recherche faciale (données biométriques)',
      paragraphs: [
        'Lorsqu’un événement le propose, vous pouvez retrouver vos photos avec un selfie. Uniquement si vous le choisissez et donnez votre consentement explicite, nous créons à partir de votre selfie un modèle de visage et le comparons aux visages des photos de ce seul événement. Ce modèle n’est jamais utilisé à d’autres fins ni pour un autre événement, et n’est jamais vendu ni partagé pour d’autres usages.',
        'Vous pouvez retirer votre consentement à tout moment en supprimant l’album : le selfie et le modèle de visage sont alors effacés. Ils sont effacés au plus tard lorsque les photos de l’événement sont supprimées.',
      ],
    },
    {
      title: '4. Pourquoi nous utilisons vos données',
      paragraphs: [
        'Pour fournir votre compte, vos albums et vos achats (exécution d’un contrat) ; pour la recherche faciale et les messages marketing (votre consentement) ; pour conserver les factures et justificatifs de paiement (obligation légale) ; et pour sécuriser le site, prévenir la fraude et les abus comme la devinette de codes, et corriger les erreurs (nos intérêts légitimes).',
      ],
    },
    {
      title: '5. Combien de temps nous les conservons',
      paragraphs: [
        'Les données du compte jusqu’à sa suppression. Les photos non achetées jusqu’à la date fixée par l’organisateur pour l’album. Les modèles de visage comme décrit ci-dessus. Les justificatifs d’achat et factures aussi longtemps que l’exige le droit fiscal, en général dix ans. Les journaux de sécurité jusqu’à 90 jours. Les liens de réinitialisation du mot de passe expirent rapidement et ne fonctionnent qu’une fois.',
      ],
    },
    {
      title: '6. Qui les reçoit',
      paragraphs: [
        'L’organisateur et l’agence photo de votre événement, dans la mesure nécessaire à votre album et à vos commandes ; le prestataire de paiement ; le laboratoire photo pour les commandes de tirages ; et nos prestataires d’hébergement et d’e-mail, qui agissent sur nos instructions dans le cadre d’un contrat. Nous ne vendons jamais vos données. Lorsque des données quittent l’Espace économique européen, elles sont protégées par les clauses contractuelles types de la Commission européenne ou une décision d’adéquation.',
      ],
    },
    {
      title: '7. Vos droits',
      paragraphs: [
        'Vous avez le droit d’accéder à vos données, de les faire rectifier ou effacer, d’en limiter le traitement ou de vous y opposer, de les recevoir dans un format portable et de retirer un consentement à tout moment, sans effet sur les traitements antérieurs. Vous pouvez supprimer votre compte et modifier vos consentements dans votre profil ; pour toute autre demande, écrivez à {contact}. Nous répondons dans un délai d’un mois.',
        'Vous pouvez aussi introduire une réclamation auprès de l’autorité de protection des données du pays où vous vivez ou travaillez.',
      ],
    },
    {
      title: '8. Sécurité',
      paragraphs: [
        'Les mots de passe ne sont stockés que sous forme d’empreintes robustes, les connexions sont chiffrées, les liens vers les photos sont signés et expirent, et les tentatives de deviner des codes ou des mots de passe sont limitées.',
      ],
    },
    {
      title: '9. Cookies et stockage dans votre navigateur',
      paragraphs: [
        'Le site ne conserve dans votre navigateur que ce dont il a besoin : votre connexion, votre langue et l’album que vous ouvrez. Nous n’utilisons pas de traceurs publicitaires.',
      ],
    },
    {
      title: '10. Modifications de cette politique',
      paragraphs: [
        'Lorsque nous modifions cette politique, nous publions une nouvelle version datée et, pour les changements importants, vous demandons de l’accepter à nouveau avant de continuer.',
      ],
    },
  ],
};

export default fr;
