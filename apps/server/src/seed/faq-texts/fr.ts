import type { FaqTexts } from './types';

export const fr: FaqTexts = {
  finding: {
    title: 'Trouver vos photos',
    faqs: [
      [
        'Comment trouver mes photos ?',
        'Saisissez sur la page d’accueil le code d’album que vous avez reçu (sur votre dossard, votre bracelet, votre carte de chambre ou dans l’e-mail de l’organisateur, par exemple K7M2Q9P). Si l’événement propose la recherche par visage, vous pouvez prendre un selfie et nous vous montrons les photos où vous apparaissez.',
      ],
      [
        'Pourquoi n’y a-t-il pas encore de photos dans mon album ?',
        'Les photographes téléversent après l’événement et chaque photo est vérifiée et préparée avant d’apparaître. La plupart sont en ligne sous 12 à 48 heures. Votre album reste dans votre liste : revenez plus tard, les nouvelles photos apparaissent d’elles-mêmes.',
      ],
      [
        'Mon code d’album n’est pas accepté. Que faire ?',
        'Vérifiez les caractères qui se ressemblent (0 et O, 1 et I). Majuscules et minuscules n’ont pas d’importance. Après plusieurs codes erronés, nous suspendons les essais pendant un moment. Si cela échoue encore, envoyez-nous une demande avec une photo de votre code.',
      ],
      [
        'Il manque des photos de moi dans mon album.',
        'Les photos sont associées par votre code ou votre visage. Un dossard caché ou un visage de profil peuvent échapper. Avec la recherche par visage, répondez à « Est-ce vous ? » quand nous le demandons ; sinon, écrivez-nous avec l’événement, votre code et l’endroit où la photo a été prise.',
      ],
    ],
  },
  buying: {
    title: 'Achat et paiement',
    faqs: [
      [
        'Que comprend le prix ?',
        'Les prix incluent la TVA et sont affichés dans la devise de l’événement. Les forfaits pour l’album entier, lorsqu’ils sont proposés, coûtent généralement moins que l’achat des photos une à une.',
      ],
      [
        'Quels moyens de paiement puis-je utiliser ?',
        'Les cartes partout et, selon votre pays, aussi iDEAL, Przelewy24, Mercado Pago ou le virement bancaire. Les moyens disponibles pour votre panier s’affichent au paiement.',
      ],
      [
        'Mon paiement a échoué ou j’ai été débité deux fois.',
        'Un paiement échoué n’est pas débité : réessayez ou choisissez un autre moyen. Si de l’argent a quitté votre compte sans commande, ou si vous voyez deux débits, envoyez-nous une demande avec la date et le montant : nous vérifions auprès du prestataire de paiement et remboursons ce que vous ne devez pas.',
      ],
    ],
  },
  downloads: {
    title: 'Téléchargements et HD',
    faqs: [
      [
        'Comment télécharger les photos achetées ?',
        'Ouvrez votre album : les photos achetées ont un bouton de téléchargement, sans filigrane. Vous pouvez aussi demander l’album entier en un seul fichier zip ; nous vous envoyons le lien par e-mail quand il est prêt.',
      ],
      [
        'Quand les originaux HD sont-ils disponibles, et pour combien de temps ?',
        'Certains organisateurs publient les fichiers en pleine résolution quelques jours après l’événement, après retouche. Votre album indique à partir de quand la HD est disponible et jusqu’à quand elle peut être téléchargée. Gardez une copie sur votre appareil : ensuite, seules les versions web restent.',
      ],
      [
        'Le téléchargement ne démarre pas sur mon téléphone.',
        'Sur iPhone, ouvrez la photo, maintenez-la appuyée et choisissez « Enregistrer dans Photos ». Sur Android, regardez le dossier Téléchargements. Les fichiers zip s’ouvrent plus facilement sur un ordinateur.',
      ],
    ],
  },
  privacy: {
    title: 'Vie privée et recherche par visage',
    faqs: [
      [
        'Que devient mon selfie ?',
        'Votre selfie est transformé en une description du visage (une liste de nombres) comparée aux photos de l’événement. L’image elle-même n’est jamais conservée. La description est une donnée biométrique : nous l’utilisons uniquement avec votre consentement, uniquement pour cette recherche, et la supprimons au plus tard après 180 jours.',
      ],
      [
        'Puis-je masquer mon visage sur les photos des autres participants ?',
        'Oui. Activez le mode anonyme dans votre album : votre visage est flouté sur les photos que les autres participants voient et achètent. Vous pouvez le désactiver à tout moment.',
      ],
      [
        'Comment supprimer mon compte et mes données ?',
        'Dans votre profil, choisissez « Supprimer le compte » et confirmez avec votre mot de passe. Vos albums, selfies et descriptions du visage sont supprimés ; les factures sont conservées aussi longtemps que la loi l’exige.',
      ],
    ],
  },
  prints: {
    title: 'Tirages et livres photo',
    faqs: [
      [
        'Puis-je commander des tirages ou un livre photo ?',
        'Oui. Après avoir choisi vos photos, ouvrez Imprimer : choisissez le produit, le format et le papier, puis les photos. Les frais de port s’affichent avant le paiement.',
      ],
      [
        'Quand mes tirages arriveront-ils ?',
        'Notre laboratoire les imprime et les expédie généralement sous 5 jours ouvrés. Vous recevez le lien de suivi par e-mail au départ du colis.',
      ],
    ],
  },
  marathon: {
    title: 'Lakeside City Marathon',
    faqs: [
      [
        'Où étaient les photographes sur le parcours ?',
        'Au départ, au km 10 et au km 30, et à l’arrivée. Les photos de chaque point sont dans une galerie dédiée de votre album.',
      ],
      [
        'Quand les photos de l’arrivée seront-elles en ligne ?',
        'L’arrivée est couverte par plusieurs photographes ; leurs photos arrivent dans la soirée après la course et le lendemain.',
      ],
    ],
  },
};
