import type { FaqTexts } from './types';

export const pl: FaqTexts = {
  finding: {
    title: 'Jak znaleźć swoje zdjęcia',
    faqs: [
      [
        'Jak znaleźć moje zdjęcia?',
        'Wpisz na stronie głównej kod albumu, który otrzymałeś (na numerze startowym, opasce, karcie pokoju lub w e-mailu od organizatora, np. K7M2Q9P). Jeśli wydarzenie oferuje wyszukiwanie po twarzy, możesz zamiast tego zrobić selfie, a pokażemy zdjęcia, na których jesteś.',
      ],
      [
        'Dlaczego w moim albumie nie ma jeszcze zdjęć?',
        'Fotografowie przesyłają zdjęcia po wydarzeniu, a każde jest sprawdzane i przygotowywane przed publikacją. Większość pojawia się w ciągu 12–48 godzin. Album zostaje na Twojej liście: wróć później, nowe zdjęcia pojawią się same.',
      ],
      [
        'Mój kod albumu nie jest akceptowany. Co mogę zrobić?',
        'Sprawdź podobne znaki (0 i O, 1 i I). Wielkość liter nie ma znaczenia. Po kilku błędnych kodach na jakiś czas wstrzymujemy kolejne próby. Jeśli nadal nie działa, wyślij nam zgłoszenie ze zdjęciem swojego kodu.',
      ],
      [
        'W albumie brakuje niektórych moich zdjęć.',
        'Zdjęcia są przypisywane po kodzie lub po twarzy. Zasłonięty numer albo twarz z profilu mogą zostać pominięte. Przy wyszukiwaniu po twarzy odpowiadaj na pytanie „Czy to Ty?”; w przeciwnym razie napisz do nas, podając wydarzenie, kod i miejsce wykonania zdjęcia.',
      ],
    ],
  },
  buying: {
    title: 'Zakup i płatność',
    faqs: [
      [
        'Co obejmuje cena?',
        'Ceny zawierają VAT i są podane w walucie wydarzenia. Pakiety na cały album, jeśli są dostępne, zwykle kosztują mniej niż zakup zdjęć pojedynczo.',
      ],
      [
        'Jakie metody płatności mogę wybrać?',
        'Karty wszędzie, a w zależności od kraju także iDEAL, Przelewy24, Mercado Pago lub przelew bankowy. Metody dostępne dla Twojego koszyka są widoczne przy płatności.',
      ],
      [
        'Płatność się nie powiodła albo pobrano ją dwa razy.',
        'Nieudana płatność nie jest pobierana: spróbuj ponownie lub wybierz inną metodę. Jeśli pieniądze zeszły z konta, a nie masz zamówienia, albo widzisz dwa obciążenia, wyślij nam zgłoszenie z datą i kwotą: sprawdzimy to u operatora płatności i zwrócimy to, czego nie musisz płacić.',
      ],
    ],
  },
  downloads: {
    title: 'Pobieranie i HD',
    faqs: [
      [
        'Jak pobrać kupione zdjęcia?',
        'Otwórz album: kupione zdjęcia mają przycisk pobierania, bez znaku wodnego. Możesz też zamówić cały album jako jeden plik zip; wyślemy link e-mailem, gdy będzie gotowy.',
      ],
      [
        'Kiedy dostępne są oryginały HD i jak długo?',
        'Niektórzy organizatorzy udostępniają pliki w pełnej rozdzielczości kilka dni po wydarzeniu, po retuszu. Album pokazuje, od kiedy HD jest dostępne i do kiedy można je pobrać. Zachowaj kopię na swoim urządzeniu: po tej dacie zostają tylko wersje internetowe.',
      ],
      [
        'Pobieranie nie rusza na moim telefonie.',
        'Na iPhonie otwórz zdjęcie, przytrzymaj je i wybierz „Zachowaj w Zdjęciach”. Na Androidzie zajrzyj do folderu Pobrane. Pliki zip łatwiej otworzyć na komputerze.',
      ],
    ],
  },
  privacy: {
    title: 'Prywatność i wyszukiwanie po twarzy',
    faqs: [
      [
        'Co dzieje się z moim selfie?',
        'Selfie zamieniamy na opis twarzy (listę liczb), który porównujemy ze zdjęciami z wydarzenia. Samego obrazu nigdy nie przechowujemy. Opis to dane biometryczne: używamy go tylko za Twoją zgodą, tylko do tego wyszukiwania i usuwamy najpóźniej po 180 dniach.',
      ],
      [
        'Czy mogę ukryć twarz na zdjęciach innych uczestników?',
        'Tak. Włącz tryb anonimowy w albumie: Twoja twarz zostanie rozmyta na zdjęciach, które widzą i kupują inni uczestnicy. Możesz go wyłączyć w każdej chwili.',
      ],
      [
        'Jak usunąć konto i moje dane?',
        'W profilu wybierz „Usuń konto” i potwierdź hasłem. Albumy, selfie i opisy twarzy zostaną usunięte; faktury przechowujemy tak długo, jak wymaga prawo.',
      ],
    ],
  },
  prints: {
    title: 'Odbitki i fotoksiążki',
    faqs: [
      [
        'Czy mogę zamówić odbitki lub fotoksiążkę?',
        'Tak. Po wybraniu zdjęć otwórz Drukuj: wybierz produkt, format i papier, a potem zdjęcia. Koszt wysyłki zobaczysz przed zapłatą.',
      ],
      [
        'Kiedy dotrą moje odbitki?',
        'Drukuje je nasze laboratorium fotograficzne i zwykle wysyła w ciągu 5 dni roboczych. Link do śledzenia przesyłki dostaniesz e-mailem, gdy paczka zostanie nadana.',
      ],
    ],
  },
  marathon: {
    title: 'Lakeside City Marathon',
    faqs: [
      [
        'Gdzie stali fotografowie na trasie?',
        'Na starcie, na 10. i 30. kilometrze oraz na mecie. Zdjęcia z każdego punktu są w osobnej galerii Twojego albumu.',
      ],
      [
        'Kiedy pojawią się zdjęcia z mety?',
        'Metę fotografuje kilku fotografów; ich zdjęcia pojawiają się wieczorem po biegu i następnego dnia.',
      ],
    ],
  },
};
