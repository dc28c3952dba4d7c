import type { FaqTexts } from './types';

export const sl: FaqTexts = {
  finding: {
    title: 'Iskanje vaših fotografij',
    faqs: [
      [
        'Kako najdem svoje fotografije?',
        'Na začetni strani vnesite kodo albuma, ki ste jo prejeli (na štartni številki, zapestnici, sobni kartici ali v e-pošti organizatorja, na primer K7M2Q9P). Če dogodek ponuja iskanje po obrazu, lahko namesto tega posnamete selfi in pokažemo vam fotografije, na katerih ste.',
      ],
      [
        'Zakaj v mojem albumu še ni fotografij?',
        'Fotografi nalagajo po dogodku, vsaka fotografija pa je pred objavo preverjena in pripravljena. Večina je na spletu v 12 do 48 urah. Vaš album ostane na seznamu: vrnite se pozneje in nove fotografije se bodo prikazale same.',
      ],
      [
        'Moja koda albuma ni sprejeta. Kaj lahko storim?',
        'Preverite podobne znake (0 in O, 1 in I). Velike in male črke niso pomembne. Po več napačnih kodah nove poskuse za nekaj časa ustavimo. Če še vedno ne gre, nam pošljite zahtevo s fotografijo svoje kode.',
      ],
      [
        'V albumu manjka nekaj mojih fotografij.',
        'Fotografije povežemo po vaši kodi ali obrazu. Zakrita štartna številka ali obraz v profilu se lahko izmakne. Pri iskanju po obrazu odgovorite na »Ste to vi?«, ko vprašamo; sicer nam pišite z dogodkom, kodo in krajem, kjer je bila fotografija posneta.',
      ],
    ],
  },
  buying: {
    title: 'Nakup in plačilo',
    faqs: [
      [
        'Kaj vključuje cena?',
        'Cene vključujejo DDV in so prikazane v valuti dogodka. Paketi za celoten album, kadar so na voljo, so običajno cenejši od nakupa posameznih fotografij.',
      ],
      [
        'Katere načine plačila lahko uporabim?',
        'Kartice povsod, glede na državo pa tudi iDEAL, Przelewy24, Mercado Pago ali bančno nakazilo. Načini, ki so na voljo za vašo košarico, so prikazani na blagajni.',
      ],
      [
        'Plačilo ni uspelo ali pa mi je bilo zaračunano dvakrat.',
        'Neuspelo plačilo ni zaračunano: poskusite znova ali izberite drug način. Če je denar odšel z računa, naročila pa nimate, ali vidite dve bremenitvi, nam pošljite zahtevo z datumom in zneskom: preverimo pri ponudniku plačil in vrnemo, česar vam ni treba plačati.',
      ],
    ],
  },
  downloads: {
    title: 'Prenosi in HD',
    faqs: [
      [
        'Kako prenesem kupljene fotografije?',
        'Odprite album: kupljene fotografije imajo gumb za prenos, brez vodnega žiga. Celoten album lahko zahtevate tudi kot eno datoteko zip; povezavo vam pošljemo po e-pošti, ko je pripravljena.',
      ],
      [
        'Kdaj so na voljo izvirniki HD in kako dolgo?',
        'Nekateri organizatorji datoteke v polni ločljivosti objavijo nekaj dni po dogodku, po retuširanju. Album pokaže, od kdaj je HD na voljo in do kdaj ga lahko prenesete. Shranite kopijo v svojo napravo: po tem datumu ostanejo le spletne različice.',
      ],
      [
        'Prenos se na mojem telefonu ne začne.',
        'Na iPhonu odprite fotografijo, jo pridržite in izberite »Shrani v Fotografije«. Na Androidu poglejte v mapo Prenosi. Datoteke zip je lažje odpreti na računalniku.',
      ],
    ],
  },
  privacy: {
    title: 'Zasebnost in iskanje po obrazu',
    faqs: [
      [
        'Kaj se zgodi z mojim selfijem?',
        'Selfi pretvorimo v opis obraza (seznam števil), ki ga primerjamo s fotografijami dogodka. Same slike nikoli ne shranimo. Opis je biometrični podatek: uporabimo ga samo z vašo privolitvijo, samo za to iskanje, in ga izbrišemo najpozneje po 180 dneh.',
      ],
      [
        'Ali lahko skrijem svoj obraz na fotografijah drugih udeležencev?',
        'Da. V albumu vklopite anonimni način: vaš obraz bo zamegljen na fotografijah, ki jih vidijo in kupujejo drugi udeleženci. Kadar koli ga lahko izklopite.',
      ],
      [
        'Kako izbrišem račun in svoje podatke?',
        'V profilu izberite »Izbriši račun« in potrdite z geslom. Albumi, selfiji in opisi obraza se izbrišejo; račune hranimo toliko časa, kot zahteva zakon.',
      ],
    ],
  },
  prints: {
    title: 'Tiski in foto knjige',
    faqs: [
      [
        'Ali lahko naročim tiske ali foto knjigo?',
        'Da. Ko izberete fotografije, odprite Tisk: izberite izdelek, velikost in papir ter fotografije. Stroški pošiljanja so prikazani pred plačilom.',
      ],
      [
        'Kdaj bodo prispeli moji tiski?',
        'Natisne jih naš foto laboratorij in jih običajno odpošlje v 5 delovnih dneh. Povezavo za sledenje prejmete po e-pošti, ko paket odide.',
      ],
    ],
  },
  marathon: {
    title: 'Lakeside City Marathon',
    faqs: [
      [
        'Kje so bili fotografi na progi?',
        'Na startu, na 10. in 30. kilometru ter v cilju. Fotografije vsake točke so v svoji galeriji vašega albuma.',
      ],
      [
        'Kdaj bodo na spletu fotografije iz cilja?',
        'Cilj fotografira več fotografov; njihove fotografije prispejo zvečer po teku in naslednji dan.',
      ],
    ],
  },
};
