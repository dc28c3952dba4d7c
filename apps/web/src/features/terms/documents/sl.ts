import type { PolicyTexts } from './types';

const sl: PolicyTexts = {
  terms: [
    {
      title: '1. Kdo smo in za kaj veljajo ti pogoji',
      paragraphs: [
        'Fotodrop je platforma, na kateri udeleženci dogodkov in počitnic najdejo, kupijo in prenesejo fotografije in videe, ki so bili posneti o njih. Fotografi in fotografske agencije fotografirajo v imenu organizatorja dogodka; organizacije lahko Fotodrop uporabljajo pod svojim imenom in naslovom.',
        'Ti pogoji veljajo za vašo uporabo spletnega mesta in za vsak nakup na njem, ne glede na to, katero spletno mesto organizacije uporabljate.',
      ],
    },
    {
      title: '2. Vaš račun',
      paragraphs: [
        'Stari morate biti vsaj 18 let ali imeti najnižjo starost, ki jo določi organizator dogodka, s soglasjem starša ali skrbnika. Navedite pravilne podatke, geslo obdržite zase in nam sporočite na {contact}, če menite, da vaš račun uporablja nekdo drug.',
        'Račun lahko kadar koli izbrišete v svojem profilu. Račun, ki krši te pogoje, na primer s poskusi odpiranja albumov drugih oseb, lahko začasno onemogočimo.',
      ],
    },
    {
      title: '3. Iskanje vaših fotografij',
      paragraphs: [
        'Album odprete s kodo, ki ste jo prejeli od organizatorja, ali z iskanjem obraza s selfijem, kjer dogodek to omogoča. Iščite samo fotografije sebe ali oseb, ki so vam to dovolile. Kod drugih ne delite in jih ne poskušajte uganiti: ponavljajoče se napačne kode so za nekaj časa blokirane.',
      ],
    },
    {
      title: '4. Cene in nakupi',
      paragraphs: [
        'Cene so prikazane v valuti dogodka in vključujejo DDV. Nakup je sklenjen, ko je vaše plačilo potrjeno; nato prejmete potrdilo po e-pošti.',
        'Digitalne fotografije in videi so dostavljeni takoj. Ko zahtevate takojšnjo dostavo, se strinjate, da vaša 14-dnevna pravica do odstopa preneha, ko je prenos na voljo. Fotografije, platna in fotoknjige so izdelani iz vaših fotografij, zato jih po začetku izdelave ni mogoče vrniti; pomanjkljiv ali poškodovan izdelek zamenjamo ali povrnemo kupnino.',
      ],
    },
    {
      title: '5. Kaj smete početi s svojimi fotografijami',
      paragraphs: [
        'Avtorske pravice ostanejo fotografom. Z nakupom dobite osebno, nekomercialno licenco, da fotografije hranite, natisnete in delite, tudi na svojih družbenih omrežjih. Ne smete jih prodajati, uporabljati za oglaševanje ali odstraniti navedbe avtorja.',
        'Predogledi nekupljenih fotografij imajo vodni žig in jih ni dovoljeno uporabljati zunaj spletnega mesta.',
      ],
    },
    {
      title: '6. Kako dolgo so albumi na voljo',
      paragraphs: [
        'Organizator določi, kako dolgo se fotografije dogodka hranijo; album prikazuje datum. Nekupljene fotografije se po tem datumu izbrišejo. Kupljene fotografije in videi ostanejo v vašem računu, dokler album obstaja: prenesite jih, da obdržite svojo kopijo.',
      ],
    },
    {
      title: '7. Poštena uporaba',
      paragraphs: [
        'Spletnega mesta ali njegove vsebine ne kopirajte samodejno, ne izogibajte se vodnim žigom, omejitvam ali plačilu in spletnega mesta ne uporabljajte za kršenje zakona ali pravic drugih.',
      ],
    },
    {
      title: '8. Odgovornost',
      paragraphs: [
        'Skrbimo, da je spletno mesto dosegljivo in vaši nakupi varni, ne moremo pa obljubiti, da bo vedno delovalo brez prekinitev. Nič v teh pogojih ne omejuje naše odgovornosti za naklep, hudo malomarnost, škodo za življenje ali zdravje ali kjer zakon tega ne dovoljuje, niti vaših pravic potrošnika.',
      ],
    },
    {
      title: '9. Spremembe teh pogojev',
      paragraphs: [
        'Ko te pogoje spremenimo, objavimo novo različico z datumom in vas prosimo, da jo sprejmete, preden nadaljujete. Za prejšnje nakupe velja različica, ki je veljala takrat.',
      ],
    },
    {
      title: '10. Pravo in spori',
      paragraphs: [
        'Za te pogoje velja pravo države, v kateri ima upravljavec sedež; kot potrošnik ohranite tudi varstvo obveznih predpisov države, v kateri živite. Najprej nam pišite na {contact}; uporabite lahko tudi platformo Evropske komisije za spletno reševanje sporov.',
      ],
    },
  ],
  privacy: [
    {
      title: '1. Kdo je odgovoren',
      paragraphs: [
        'Upravljavec Fotodropa je odgovoren za obdelavo vaših osebnih podatkov na tem spletnem mestu. Organizator vašega dogodka je odgovoren za fotografiranje na svojem dogodku in za odgovore, ki jih zahtevajo njegovi obrazci ob prijavi. Dosežete nas na {contact}.',
      ],
    },
    {
      title: '2. Kaj zbiramo',
      paragraphs: [
        'Vaš račun: ime, e-poštni naslov, zgoščena vrednost gesla (nikoli geslo samo), vaš jezik in vaša soglasja. Vaši albumi: vnesene kode, odgovori organizatorju in priljubljene. Vaši nakupi: kaj ste kupili, cene in stanje plačila; podatke o kartici obdeluje ponudnik plačil in do nas nikoli ne pridejo. Pri naročilih izdelkov: ime in naslov za dostavo.',
        'Fotografije in videi, na katerih ste, posneti na dogodku. Tehnični podatki: naslov IP, naprava in brskalnik ter dnevniki zahtev, ki jih uporabljamo za varnost.',
      ],
    },
    {
      title: '3. Iskanje obraza (biometrični podatki)',
      paragraphs: [
        'Kjer dogodek to omogoča, lahko svoje fotografije najdete s selfijem. Samo če to izberete in date izrecno soglasje, iz selfija ustvarimo predlogo obraza in jo primerjamo z obrazi na fotografijah samo tega dogodka. Predloge nikoli ne uporabimo za drug namen ali dogodek in je nikoli ne prodamo ali delimo za druge namene.',
        'Soglasje lahko kadar koli prekličete tako, da album odstranite: selfie in predloga obraza se takrat izbrišeta. Najpozneje se izbrišeta, ko se izbrišejo fotografije dogodka.',
      ],
    },
    {
      title: '4. Zakaj uporabljamo vaše podatke',
      paragraphs: [
        'Za zagotavljanje vašega računa, albumov in nakupov (izvajanje pogodbe); za iskanje obraza in trženjska sporočila (vaše soglasje); za hrambo računov in evidenc plačil (zakonska obveznost); ter za varnost spletnega mesta, preprečevanje goljufij in zlorab, kot je ugibanje kod, in odpravo napak (naš zakoniti interes).',
      ],
    },
    {
      title: '5. Kako dolgo jih hranimo',
      paragraphs: [
        'Podatke računa, dokler računa ne izbrišete. Nekupljene fotografije do datuma, ki ga je organizator določil za album. Predloge obrazov, kot je opisano zgoraj. Evidence nakupov in računov, kolikor zahteva davčna zakonodaja, običajno deset let. Varnostne dnevnike do 90 dni. Povezave za ponastavitev gesla kmalu potečejo in delujejo samo enkrat.',
      ],
    },
    {
      title: '6. Kdo jih prejme',
      paragraphs: [
        'Organizator in fotografska agencija vašega dogodka, kolikor je potrebno za vaš album in naročila; ponudnik plačil; fotolaboratorij pri naročilih izdelkov; ter naši ponudniki gostovanja in e-pošte, ki po pogodbi delujejo po naših navodilih. Vaših podatkov nikoli ne prodajamo. Če podatki zapustijo Evropski gospodarski prostor, jih varujejo standardne pogodbene klavzule Evropske komisije ali sklep o ustreznosti.',
      ],
    },
    {
      title: '7. Vaše pravice',
      paragraphs: [
        'Imate pravico do dostopa do svojih podatkov, do popravka ali izbrisa, do omejitve obdelave ali ugovora, do prejema v prenosljivi obliki in do preklica soglasja kadar koli, brez vpliva na prejšnjo obdelavo. Račun lahko izbrišete in soglasja spremenite v profilu; za vse drugo pišite na {contact}. Odgovorimo v enem mesecu.',
        'Pritožbo lahko vložite tudi pri organu za varstvo podatkov v državi, v kateri živite ali delate.',
      ],
    },
    {
      title: '8. Varnost',
      paragraphs: [
        'Gesla hranimo samo kot močne zgoščene vrednosti, povezave so šifrirane, povezave do fotografij so podpisane in potečejo, poskusi ugibanja kod ali gesel pa so omejeni.',
      ],
    },
    {
      title: '9. Piškotki in shranjevanje v brskalniku',
      paragraphs: [
        'Spletno mesto v vašem brskalniku hrani samo, kar potrebuje: vašo prijavo, jezik in album, ki ga odpirate. Oglaševalskih sledilnikov ne uporabljamo.',
      ],
    },
    {
      title: '10. Spremembe tega pravilnika',
      paragraphs: [
        'Ko ta pravilnik spremenimo, objavimo novo različico z datumom in vas pri pomembnih spremembah prosimo, da jo znova sprejmete, preden nadaljujete.',
      ],
    },
  ],
};

export default sl;
