import type { FaqTexts } from './types';

export const it: FaqTexts = {
  finding: {
    title: 'Trovare le tue foto',
    faqs: [
      [
        'Come trovo le mie foto?',
        'Inserisci nella pagina iniziale il codice album che hai ricevuto (sul pettorale, sul braccialetto, sulla card della camera o nell’e-mail dell’organizzatore, ad esempio K7M2Q9P). Se l’evento offre la ricerca per volto, puoi invece scattare un selfie e ti mostriamo le foto in cui compari.',
      ],
      [
        'Perché nel mio album non ci sono ancora foto?',
        'I fotografi caricano dopo l’evento e ogni foto viene controllata e preparata prima di comparire. La maggior parte delle foto è online entro 12-48 ore. Il tuo album resta nella tua lista: torna più tardi e le nuove foto compariranno da sole.',
      ],
      [
        'Il mio codice album non viene accettato. Cosa posso fare?',
        'Controlla i caratteri simili (0 e O, 1 e I). Maiuscole e minuscole non contano. Dopo diversi codici errati sospendiamo i tentativi per un po’. Se non funziona ancora, inviaci una richiesta con una foto del tuo codice.',
      ],
      [
        'Mancano alcune mie foto nell’album.',
        'Le foto vengono abbinate tramite il codice o il volto. Un pettorale coperto o un volto di profilo possono sfuggire. Con la ricerca per volto rispondi a «Sei tu?» quando te lo chiediamo; altrimenti scrivici indicando evento, codice e punto in cui è stata scattata la foto.',
      ],
    ],
  },
  buying: {
    title: 'Acquisto e pagamento',
    faqs: [
      [
        'Cosa è incluso nel prezzo?',
        'I prezzi includono l’IVA e sono indicati nella valuta dell’evento. I pacchetti per l’intero album, quando disponibili, costano di solito meno dell’acquisto delle singole foto.',
      ],
      [
        'Quali metodi di pagamento posso usare?',
        'Carte ovunque e, a seconda del paese, anche iDEAL, Przelewy24, Mercado Pago o bonifico bancario. I metodi disponibili per il tuo carrello sono mostrati al checkout.',
      ],
      [
        'Il pagamento non è riuscito o mi è stato addebitato due volte.',
        'Un pagamento non riuscito non viene addebitato: puoi riprovare o scegliere un altro metodo. Se il denaro è uscito dal conto ma non hai un ordine, o vedi due addebiti, inviaci una richiesta con data e importo: verifichiamo con il gestore del pagamento e rimborsiamo quanto non dovuto.',
      ],
    ],
  },
  downloads: {
    title: 'Download e HD',
    faqs: [
      [
        'Come scarico le foto che ho acquistato?',
        'Apri il tuo album: le foto acquistate hanno un pulsante di download, senza filigrana. Puoi anche richiedere l’intero album in un unico file zip; ti inviamo il link via e-mail quando è pronto.',
      ],
      [
        'Quando sono disponibili gli originali HD e per quanto tempo?',
        'Alcuni organizzatori pubblicano i file in piena risoluzione qualche giorno dopo l’evento, dopo il ritocco. L’album indica da quando l’HD è disponibile e fino a quando si può scaricare. Salva una copia sul tuo dispositivo: dopo quella data restano solo le versioni web.',
      ],
      [
        'Il download non parte sul mio telefono.',
        'Su iPhone apri la foto, tienila premuta e scegli «Salva in Foto». Su Android controlla la cartella Download. I file zip si aprono più facilmente da un computer.',
      ],
    ],
  },
  privacy: {
    title: 'Privacy e ricerca per volto',
    faqs: [
      [
        'Che fine fa il mio selfie?',
        'Il selfie viene trasformato in una descrizione del volto (una serie di numeri) confrontata con le foto dell’evento. L’immagine non viene mai conservata. La descrizione è un dato biometrico: la usiamo solo con il tuo consenso, solo per questa ricerca, e la cancelliamo al più tardi dopo 180 giorni.',
      ],
      [
        'Posso nascondere il mio volto nelle foto degli altri partecipanti?',
        'Sì. Attiva la modalità anonima nel tuo album: il tuo volto viene sfocato nelle foto che vedono e acquistano gli altri partecipanti. Puoi disattivarla in qualsiasi momento.',
      ],
      [
        'Come elimino il mio account e i miei dati?',
        'Nel profilo scegli «Elimina account» e conferma con la password. Album, selfie e descrizioni del volto vengono cancellati; le fatture sono conservate per il tempo previsto dalla legge.',
      ],
    ],
  },
  prints: {
    title: 'Stampe e fotolibri',
    faqs: [
      [
        'Posso ordinare stampe o un fotolibro?',
        'Sì. Dopo aver scelto le foto, apri Stampa: scegli prodotto, formato e carta e le foto da stampare. Le spese di spedizione sono indicate prima del pagamento.',
      ],
      [
        'Quando arriveranno le mie stampe?',
        'Le stampe sono realizzate dal nostro laboratorio e di solito spedite entro 5 giorni lavorativi. Ricevi il link di tracciamento via e-mail alla partenza del pacco.',
      ],
    ],
  },
  marathon: {
    title: 'Lakeside City Marathon',
    faqs: [
      [
        'Dove erano i fotografi lungo il percorso?',
        'Alla partenza, al km 10 e al km 30 e all’arrivo. Le foto di ogni punto sono in una galleria dedicata del tuo album.',
      ],
      [
        'Quando saranno online le foto dell’arrivo?',
        'L’arrivo è fotografato da più fotografi; le loro foto arrivano nella serata dopo la gara e il giorno successivo.',
      ],
    ],
  },
};
