import type { PolicyTexts } from './types';

const it: PolicyTexts = {
  terms: [
    {
      title: '1. Chi siamo e a cosa si applicano questi termini',
      paragraphs: [
        'Fotodrop è una piattaforma in cui i partecipanti a eventi e soggiorni trovano, acquistano e scaricano le foto e i video scattati a loro. Fotografi e agenzie fotografiche scattano per conto dell’organizzatore dell’evento; le organizzazioni possono gestire Fotodrop con il proprio nome e indirizzo.',
        'Questi termini si applicano all’uso del sito e a ogni acquisto effettuato, su qualunque sito di organizzazione ti trovi.',
      ],
    },
    {
      title: '2. Il tuo account',
      paragraphs: [
        'Devi avere almeno 18 anni, oppure l’età minima indicata dall’organizzatore del tuo evento con il consenso di un genitore o tutore. Fornisci dati corretti, tieni per te la password e avvisaci a {contact} se pensi che qualcun altro usi il tuo account.',
        'Puoi eliminare il tuo account in qualsiasi momento dal profilo. Possiamo sospendere un account che viola questi termini, ad esempio tentando di aprire gli album di altre persone.',
      ],
    },
    {
      title: '3. Trovare le tue foto',
      paragraphs: [
        'Apri un album con il codice ricevuto dall’organizzatore oppure, dove l’evento lo offre, con una ricerca del volto tramite selfie. Cerca solo foto di te stesso o di persone che te lo hanno permesso. Non condividere né tentare di indovinare i codici altrui: i codici errati ripetuti vengono bloccati per un po’ di tempo.',
      ],
    },
    {
      title: '4. Prezzi e acquisti',
      paragraphs: [
        'I prezzi sono indicati nella valuta dell’evento e comprendono l’IVA. L’acquisto si conclude quando il pagamento è confermato; ricevi quindi una conferma via e-mail.',
        'Foto e video digitali vengono consegnati subito. Chiedendo la consegna immediata accetti che il diritto di recesso di 14 giorni termini non appena il download è disponibile. Stampe, tele e fotolibri sono realizzati con le tue foto e quindi non possono essere restituiti una volta avviata la produzione; un prodotto difettoso o danneggiato viene sostituito o rimborsato.',
      ],
    },
    {
      title: '5. Cosa puoi fare con le tue foto',
      paragraphs: [
        'Il diritto d’autore resta ai fotografi. L’acquisto ti concede una licenza personale e non commerciale per conservare, stampare e condividere le foto, anche sui tuoi social. Non puoi venderle, usarle per pubblicità né rimuovere i crediti.',
        'Le anteprime delle foto non acquistate hanno una filigrana e non possono essere usate fuori dal sito.',
      ],
    },
    {
      title: '6. Per quanto tempo gli album restano disponibili',
      paragraphs: [
        'L’organizzatore decide per quanto tempo si conservano le foto di un evento; l’album ne mostra la data. Le foto non acquistate vengono eliminate dopo quella data. Foto e video acquistati restano nel tuo account finché l’album esiste: scaricali per conservarne una copia.',
      ],
    },
    {
      title: '7. Uso corretto',
      paragraphs: [
        'Non copiare il sito o i suoi contenuti in modo automatico, non aggirare filigrane, limiti o pagamenti e non usare il sito per violare la legge o i diritti altrui.',
      ],
    },
    {
      title: '8. Responsabilità',
      paragraphs: [
        'Ci impegniamo a mantenere il sito disponibile e i tuoi acquisti al sicuro, ma non possiamo garantire che funzioni sempre senza interruzioni. Nulla in questi termini limita la nostra responsabilità per dolo, colpa grave, danni alla vita o alla salute o dove la legge non lo consente, né i tuoi diritti di consumatore.',
      ],
    },
    {
      title: '9. Modifiche a questi termini',
      paragraphs: [
        'Quando modifichiamo questi termini pubblichiamo una nuova versione con la sua data e ti chiediamo di accettarla prima di continuare. Gli acquisti precedenti restano regolati dalla versione allora in vigore.',
      ],
    },
    {
      title: '10. Legge applicabile e controversie',
      paragraphs: [
        'Questi termini sono regolati dalla legge del paese in cui ha sede il gestore; come consumatore mantieni anche la tutela delle norme inderogabili del paese in cui vivi. Contattaci prima a {contact}; puoi anche usare la piattaforma di risoluzione delle controversie online della Commissione europea.',
      ],
    },
  ],
  privacy: [
    {
      title: '1. Chi è responsabile',
      paragraphs: [
        'Il gestore di Fotodrop è titolare del trattamento dei tuoi dati personali su questo sito. L’organizzatore del tuo evento è responsabile delle riprese al suo evento e delle risposte richieste dai suoi moduli di check-in. Puoi scriverci a {contact}.',
      ],
    },
    {
      title: '2. Cosa raccogliamo',
      paragraphs: [
        'Il tuo account: nome, indirizzo e-mail, un hash della password (mai la password stessa), la lingua e i tuoi consensi. I tuoi album: i codici inseriti, le risposte date all’organizzatore e i preferiti. I tuoi acquisti: cosa hai comprato, prezzi e stato del pagamento; i dati della carta sono gestiti dal fornitore dei pagamenti e non ci arrivano mai. Per gli ordini di stampe: nome e indirizzo di consegna.',
        'Le foto e i video in cui compari, scattati all’evento. Dati tecnici: indirizzo IP, dispositivo e browser e registri delle richieste, usati per la sicurezza.',
      ],
    },
    {
      title: '3. Ricerca del volto (dati biometrici)',
      paragraphs: [
        'Dove un evento lo offre, puoi trovare le tue foto con un selfie. Solo se lo scegli e dai il tuo consenso esplicito creiamo dal selfie un modello del volto e lo confrontiamo con i volti nelle foto di quel solo evento. Il modello non viene mai usato per altri scopi o eventi, né venduto o condiviso per altri usi.',
        'Puoi revocare il consenso in qualsiasi momento rimuovendo l’album: selfie e modello del volto vengono allora eliminati. Al più tardi vengono eliminati quando si eliminano le foto dell’evento.',
      ],
    },
    {
      title: '4. Perché usiamo i tuoi dati',
      paragraphs: [
        'Per fornire account, album e acquisti (esecuzione di un contratto); per la ricerca del volto e i messaggi di marketing (il tuo consenso); per conservare fatture e registrazioni dei pagamenti (obbligo di legge); e per mantenere sicuro il sito, prevenire frodi e abusi come il tentativo di indovinare i codici e correggere errori (nostro legittimo interesse).',
      ],
    },
    {
      title: '5. Per quanto tempo li conserviamo',
      paragraphs: [
        'I dati dell’account finché non lo elimini. Le foto non acquistate fino alla data fissata dall’organizzatore per l’album. I modelli del volto come descritto sopra. Registrazioni di acquisti e fatture per il tempo richiesto dalla legge fiscale, di solito dieci anni. I registri di sicurezza fino a 90 giorni. I link per reimpostare la password scadono dopo poco e funzionano una sola volta.',
      ],
    },
    {
      title: '6. Chi li riceve',
      paragraphs: [
        'L’organizzatore e l’agenzia fotografica del tuo evento, per quanto serve al tuo album e ai tuoi ordini; il fornitore dei pagamenti; il laboratorio di stampa per gli ordini di stampe; e i nostri fornitori di hosting ed e-mail, che agiscono su nostre istruzioni in base a un contratto. Non vendiamo mai i tuoi dati. Quando i dati lasciano lo Spazio economico europeo sono protetti dalle clausole contrattuali tipo della Commissione europea o da una decisione di adeguatezza.',
      ],
    },
    {
      title: '7. I tuoi diritti',
      paragraphs: [
        'Hai diritto di accedere ai tuoi dati, di farli rettificare o cancellare, di limitarne il trattamento o di opporti, di riceverli in un formato portabile e di revocare un consenso in qualsiasi momento senza effetti sui trattamenti precedenti. Puoi eliminare l’account e modificare i consensi nel profilo; per tutto il resto scrivi a {contact}. Rispondiamo entro un mese.',
        'Puoi anche proporre reclamo all’autorità per la protezione dei dati del paese in cui vivi o lavori.',
      ],
    },
    {
      title: '8. Sicurezza',
      paragraphs: [
        'Le password sono conservate solo come hash robusti, le connessioni sono cifrate, i link alle foto sono firmati e scadono, e i tentativi di indovinare codici o password sono limitati.',
      ],
    },
    {
      title: '9. Cookie e memoria del browser',
      paragraphs: [
        'Il sito conserva nel tuo browser solo ciò che gli serve: l’accesso, la lingua e l’album che stai aprendo. Non usiamo tracker pubblicitari.',
      ],
    },
    {
      title: '10. Modifiche a questa informativa',
      paragraphs: [
        'Quando modifichiamo questa informativa pubblichiamo una nuova versione con la sua data e, per i cambiamenti importanti, ti chiediamo di accettarla di nuovo prima di continuare.',
      ],
    },
  ],
};

export default it;
