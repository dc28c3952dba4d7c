import type { PolicyTexts } from './types';

const de: PolicyTexts = {
  terms: [
    {
      title: '1. Wer wir sind und wofür diese Bedingungen gelten',
      paragraphs: [
        'Fotodrop ist eine Plattform, auf der Teilnehmende von Veranstaltungen und Urlaubsaufenthalten die Fotos und Videos finden, kaufen und herunterladen, die von ihnen aufgenommen wurden. Fotografen und Fotoagenturen fotografieren im Auftrag des Veranstalters; Organisationen können Fotodrop unter eigenem Namen und eigener Adresse betreiben.',
        'Diese Bedingungen gelten für deine Nutzung der Website und für jeden Kauf darauf, gleich auf welcher Website einer Organisation du bist.',
      ],
    },
    {
      title: '2. Dein Konto',
      paragraphs: [
        'Du musst mindestens 18 Jahre alt sein oder das vom Veranstalter genannte Mindestalter haben und die Zustimmung eines Elternteils oder Vormunds besitzen. Gib richtige Daten an, halte dein Passwort geheim und melde dich unter {contact}, wenn du glaubst, dass jemand anderes dein Konto nutzt.',
        'Du kannst dein Konto jederzeit in deinem Profil löschen. Wir können ein Konto sperren, das gegen diese Bedingungen verstößt, zum Beispiel durch Versuche, Alben anderer Personen zu öffnen.',
      ],
    },
    {
      title: '3. Deine Fotos finden',
      paragraphs: [
        'Du öffnest ein Album mit dem Code, den du vom Veranstalter erhalten hast, oder – wo die Veranstaltung es anbietet – über eine Gesichtssuche mit einem Selfie. Suche nur nach Fotos von dir selbst oder von Personen, die es dir erlaubt haben. Gib Codes anderer nicht weiter und versuche nicht, sie zu erraten: Wiederholt falsche Codes werden eine Zeit lang gesperrt.',
      ],
    },
    {
      title: '4. Preise und Käufe',
      paragraphs: [
        'Preise werden in der Währung der Veranstaltung angezeigt und enthalten die Mehrwertsteuer. Ein Kauf kommt zustande, sobald deine Zahlung bestätigt ist; du erhältst dann eine Bestätigung per E-Mail.',
        'Digitale Fotos und Videos werden sofort geliefert. Wenn du die sofortige Lieferung verlangst, stimmst du zu, dass dein 14-tägiges Widerrufsrecht erlischt, sobald der Download verfügbar ist. Abzüge, Leinwände und Fotobücher werden aus deinen eigenen Fotos gefertigt und können daher nach Produktionsbeginn nicht zurückgegeben werden; ein fehlerhaftes oder beschädigtes Produkt wird ersetzt oder erstattet.',
      ],
    },
    {
      title: '5. Was du mit deinen Fotos tun darfst',
      paragraphs: [
        'Das Urheberrecht bleibt bei den Fotografen. Mit dem Kauf erhältst du eine persönliche, nicht kommerzielle Lizenz, die Fotos zu behalten, zu drucken und zu teilen, auch in deinen eigenen sozialen Medien. Du darfst sie nicht verkaufen, nicht für Werbung verwenden und keinen Urhebervermerk entfernen.',
        'Vorschauen nicht gekaufter Fotos tragen ein Wasserzeichen und dürfen außerhalb der Website nicht verwendet werden.',
      ],
    },
    {
      title: '6. Wie lange Alben verfügbar bleiben',
      paragraphs: [
        'Der Veranstalter entscheidet, wie lange die Fotos einer Veranstaltung aufbewahrt werden; das Album zeigt das Datum. Nicht gekaufte Fotos werden nach diesem Datum gelöscht. Gekaufte Fotos und Videos bleiben in deinem Konto, solange das Album besteht: Lade sie herunter, um eine eigene Kopie zu behalten.',
      ],
    },
    {
      title: '7. Faire Nutzung',
      paragraphs: [
        'Kopiere die Website oder ihre Inhalte nicht automatisiert, umgehe keine Wasserzeichen, Beschränkungen oder Zahlungen und nutze die Website nicht, um Gesetze oder Rechte anderer zu verletzen.',
      ],
    },
    {
      title: '8. Haftung',
      paragraphs: [
        'Wir sorgen dafür, dass die Website erreichbar und deine Käufe sicher sind, können aber nicht versprechen, dass sie immer ohne Unterbrechung funktioniert. Nichts in diesen Bedingungen beschränkt unsere Haftung für Vorsatz, grobe Fahrlässigkeit, Verletzung von Leben oder Gesundheit oder wo das Gesetz es nicht erlaubt, noch deine Rechte als Verbraucher.',
      ],
    },
    {
      title: '9. Änderungen dieser Bedingungen',
      paragraphs: [
        'Wenn wir diese Bedingungen ändern, veröffentlichen wir eine neue Version mit Datum und bitten dich, sie zu akzeptieren, bevor du weitermachst. Frühere Käufe bleiben bei der damals geltenden Version.',
      ],
    },
    {
      title: '10. Recht und Streitigkeiten',
      paragraphs: [
        'Für diese Bedingungen gilt das Recht des Landes, in dem der Betreiber seinen Sitz hat; als Verbraucher behältst du zusätzlich den Schutz der zwingenden Vorschriften deines Wohnsitzlandes. Bitte wende dich zuerst an {contact}; du kannst auch die Online-Streitbeilegungsplattform der Europäischen Kommission nutzen.',
      ],
    },
  ],
  privacy: [
    {
      title: '1. Wer verantwortlich ist',
      paragraphs: [
        'Der Betreiber von Fotodrop ist für die Verarbeitung deiner personenbezogenen Daten auf dieser Website verantwortlich. Der Veranstalter deiner Veranstaltung ist für das Fotografieren bei seiner Veranstaltung und für die Angaben verantwortlich, die seine Check-in-Formulare erfragen. Du erreichst uns unter {contact}.',
      ],
    },
    {
      title: '2. Was wir erheben',
      paragraphs: [
        'Dein Konto: Name, E-Mail-Adresse, ein Hash deines Passworts (nie das Passwort selbst), deine Sprache und deine Einwilligungen. Deine Alben: die eingegebenen Codes, deine Antworten an den Veranstalter und deine Favoriten. Deine Käufe: was du gekauft hast, Preise und Zahlungsstatus; Kartendaten verarbeitet der Zahlungsdienstleister, sie erreichen uns nie. Bei Druckbestellungen: Name und Lieferadresse.',
        'Die Fotos und Videos, auf denen du zu sehen bist, aufgenommen bei der Veranstaltung. Technische Daten: IP-Adresse, Gerät und Browser sowie Protokolle der Anfragen, zur Sicherheit.',
      ],
    },
    {
      title: '3. Gesichtssuche (biometrische Daten)',
      paragraphs: [
        'Wo eine Veranstaltung es anbietet, kannst du deine Fotos mit einem Selfie finden. Nur wenn du das wählst und ausdrücklich einwilligst, erstellen wir aus deinem Selfie ein Gesichtsmerkmal und vergleichen es mit den Gesichtern auf den Fotos genau dieser Veranstaltung. Das Merkmal wird nie für einen anderen Zweck oder eine andere Veranstaltung verwendet und nie verkauft oder für andere Zwecke weitergegeben.',
        'Du kannst deine Einwilligung jederzeit widerrufen, indem du das Album entfernst: Selfie und Gesichtsmerkmal werden dann gelöscht. Spätestens werden sie gelöscht, wenn die Fotos der Veranstaltung gelöscht werden.',
      ],
    },
    {
      title: '4. Wozu wir deine Daten verwenden',
      paragraphs: [
        'Um dein Konto, deine Alben und Käufe bereitzustellen (Vertragserfüllung); für die Gesichtssuche und Werbenachrichten (deine Einwilligung); um Rechnungen und Zahlungsbelege aufzubewahren (rechtliche Pflicht); und um die Website sicher zu halten, Betrug und Missbrauch wie das Erraten von Codes zu verhindern und Fehler zu beheben (unsere berechtigten Interessen).',
      ],
    },
    {
      title: '5. Wie lange wir sie aufbewahren',
      paragraphs: [
        'Kontodaten, bis du dein Konto löschst. Nicht gekaufte Fotos bis zu dem Datum, das der Veranstalter für das Album festgelegt hat. Gesichtsmerkmale wie oben beschrieben. Kauf- und Rechnungsbelege so lange, wie das Steuerrecht es verlangt, meist zehn Jahre. Sicherheitsprotokolle bis zu 90 Tage. Links zum Zurücksetzen des Passworts verfallen nach kurzer Zeit und funktionieren nur einmal.',
      ],
    },
    {
      title: '6. Wer sie erhält',
      paragraphs: [
        'Der Veranstalter und die Fotoagentur deiner Veranstaltung, soweit für dein Album und deine Bestellungen nötig; der Zahlungsdienstleister; das Fotolabor bei Druckbestellungen; und unsere Hosting- und E-Mail-Dienstleister, die vertraglich nach unseren Weisungen handeln. Wir verkaufen deine Daten nie. Verlassen Daten den Europäischen Wirtschaftsraum, schützen sie die Standardvertragsklauseln der Europäischen Kommission oder ein Angemessenheitsbeschluss.',
      ],
    },
    {
      title: '7. Deine Rechte',
      paragraphs: [
        'Du hast das Recht auf Auskunft über deine Daten, auf Berichtigung oder Löschung, auf Einschränkung der Verarbeitung oder Widerspruch dagegen, auf Erhalt in einem übertragbaren Format und darauf, eine Einwilligung jederzeit zu widerrufen, ohne dass frühere Verarbeitung berührt wird. Konto löschen und Einwilligungen ändern kannst du in deinem Profil; für alles andere schreib an {contact}. Wir antworten innerhalb eines Monats.',
        'Du kannst dich auch bei der Datenschutzbehörde des Landes beschweren, in dem du lebst oder arbeitest.',
      ],
    },
    {
      title: '8. Sicherheit',
      paragraphs: [
        'Passwörter werden nur als starke Hashes gespeichert, Verbindungen sind verschlüsselt, Links zu Fotos sind signiert und laufen ab, und Versuche, Codes oder Passwörter zu erraten, werden begrenzt.',
      ],
    },
    {
      title: '9. Cookies und Speicher im Browser',
      paragraphs: [
        'Die Website speichert in deinem Browser nur, was sie braucht: deine Anmeldung, deine Sprache und das Album, das du gerade öffnest. Wir verwenden keine Werbe-Tracker.',
      ],
    },
    {
      title: '10. Änderungen dieser Erklärung',
      paragraphs: [
        'Wenn wir diese Erklärung ändern, veröffentlichen wir eine neue Version mit Datum und bitten dich bei wichtigen Änderungen, sie erneut zu akzeptieren, bevor du weitermachst.',
      ],
    },
  ],
};

export default de;
