import type { FaqTexts } from './types';

export const de: FaqTexts = {
  finding: {
    title: 'Deine Fotos finden',
    faqs: [
      [
        'Wie finde ich meine Fotos?',
        'Gib auf der Startseite den Albumcode ein, den du erhalten hast (auf der Startnummer, dem Armband, der Zimmerkarte oder in der E-Mail des Veranstalters, zum Beispiel K7M2Q9P). Bietet die Veranstaltung die Gesichtssuche an, kannst du stattdessen ein Selfie machen und wir zeigen dir die Fotos, auf denen du zu sehen bist.',
      ],
      [
        'Warum sind in meinem Album noch keine Fotos?',
        'Die Fotografen laden nach der Veranstaltung hoch, und jedes Foto wird geprüft und aufbereitet, bevor es erscheint. Die meisten Fotos sind innerhalb von 12 bis 48 Stunden online. Dein Album bleibt in deiner Liste: Schau später wieder vorbei, neue Fotos erscheinen von selbst.',
      ],
      [
        'Mein Albumcode wird nicht angenommen. Was kann ich tun?',
        'Prüfe ähnliche Zeichen (0 und O, 1 und I). Groß- und Kleinschreibung spielt keine Rolle. Nach mehreren falschen Codes pausieren wir weitere Versuche für eine Weile. Klappt es dann noch nicht, schick uns eine Anfrage mit einem Foto deines Codes.',
      ],
      [
        'In meinem Album fehlen Fotos von mir.',
        'Fotos werden über deinen Code oder dein Gesicht zugeordnet. Eine verdeckte Startnummer oder ein Gesicht im Profil können übersehen werden. Bei der Gesichtssuche beantworte „Bist du das?“, wenn wir fragen; sonst schreib uns mit Veranstaltung, Code und Ort, an dem das Foto entstand.',
      ],
    ],
  },
  buying: {
    title: 'Kauf und Bezahlung',
    faqs: [
      [
        'Was ist im Preis enthalten?',
        'Die Preise enthalten die Mehrwertsteuer und werden in der Währung der Veranstaltung angezeigt. Pakete für das ganze Album kosten, wenn angeboten, meist weniger als einzelne Fotos.',
      ],
      [
        'Welche Zahlungsarten kann ich nutzen?',
        'Karten überall und je nach Land auch iDEAL, Przelewy24, Mercado Pago oder Banküberweisung. Die für deinen Warenkorb möglichen Zahlungsarten siehst du an der Kasse.',
      ],
      [
        'Meine Zahlung ist fehlgeschlagen oder wurde doppelt abgebucht.',
        'Eine fehlgeschlagene Zahlung wird nicht belastet: Versuche es erneut oder wähle eine andere Zahlungsart. Wurde Geld abgebucht, ohne dass du eine Bestellung hast, oder siehst du zwei Abbuchungen, schick uns eine Anfrage mit Datum und Betrag: Wir prüfen es beim Zahlungsanbieter und erstatten, was du nicht schuldest.',
      ],
    ],
  },
  downloads: {
    title: 'Downloads und HD',
    faqs: [
      [
        'Wie lade ich die gekauften Fotos herunter?',
        'Öffne dein Album: Gekaufte Fotos haben einen Download-Button, ohne Wasserzeichen. Du kannst auch das ganze Album als eine Zip-Datei anfordern; wir schicken dir den Link per E-Mail, sobald sie fertig ist.',
      ],
      [
        'Wann gibt es die HD-Originale und wie lange?',
        'Manche Veranstalter geben die Dateien in voller Auflösung einige Tage nach der Veranstaltung frei, nach der Bearbeitung. Dein Album zeigt, ab wann HD verfügbar ist und bis wann es heruntergeladen werden kann. Speichere eine Kopie auf deinem Gerät: Danach bleiben nur die Webversionen.',
      ],
      [
        'Der Download startet auf meinem Handy nicht.',
        'Auf dem iPhone öffne das Foto, halte es gedrückt und wähle „In Fotos sichern“. Auf Android sieh im Ordner Downloads nach. Zip-Dateien lassen sich am Computer leichter öffnen.',
      ],
    ],
  },
  privacy: {
    title: 'Datenschutz und Gesichtssuche',
    faqs: [
      [
        'Was passiert mit meinem Selfie?',
        'Dein Selfie wird in eine Gesichtsbeschreibung (eine Liste von Zahlen) umgewandelt, die mit den Fotos der Veranstaltung verglichen wird. Das Bild selbst wird nie gespeichert. Die Beschreibung ist ein biometrisches Datum: Wir nutzen sie nur mit deiner Einwilligung, nur für diese Suche, und löschen sie spätestens nach 180 Tagen.',
      ],
      [
        'Kann ich mein Gesicht auf Fotos anderer Teilnehmender verbergen?',
        'Ja. Schalte im Album den anonymen Modus ein: Dein Gesicht wird auf den Fotos, die andere sehen und kaufen, unkenntlich gemacht. Du kannst ihn jederzeit wieder ausschalten.',
      ],
      [
        'Wie lösche ich mein Konto und meine Daten?',
        'Wähle im Profil „Konto löschen“ und bestätige mit deinem Passwort. Alben, Selfies und Gesichtsbeschreibungen werden gelöscht; Rechnungen bewahren wir so lange auf, wie das Gesetz es verlangt.',
      ],
    ],
  },
  prints: {
    title: 'Abzüge und Fotobücher',
    faqs: [
      [
        'Kann ich Abzüge oder ein Fotobuch bestellen?',
        'Ja. Wenn du deine Fotos gewählt hast, öffne Drucken: Wähle Produkt, Format und Papier und die Fotos. Die Versandkosten siehst du vor dem Bezahlen.',
      ],
      [
        'Wann kommen meine Abzüge an?',
        'Unser Fotolabor druckt sie und verschickt sie meist innerhalb von 5 Werktagen. Den Link zur Sendungsverfolgung bekommst du per E-Mail, sobald das Paket unterwegs ist.',
      ],
    ],
  },
  marathon: {
    title: 'Lakeside City Marathon',
    faqs: [
      [
        'Wo standen die Fotografen auf der Strecke?',
        'Am Start, bei km 10 und km 30 und im Ziel. Die Fotos jedes Punkts liegen in einer eigenen Galerie deines Albums.',
      ],
      [
        'Wann sind die Zielfotos online?',
        'Im Ziel fotografieren mehrere Fotografen; ihre Fotos kommen am Abend nach dem Rennen und am folgenden Tag.',
      ],
    ],
  },
};
