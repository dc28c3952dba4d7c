import type { FaqTexts } from './types';

export const pt: FaqTexts = {
  finding: {
    title: 'Encontrar as suas fotos',
    faqs: [
      [
        'Como encontro as minhas fotos?',
        'Introduza na página inicial o código de álbum que recebeu (no dorsal, na pulseira, no cartão do quarto ou no e-mail do organizador, por exemplo K7M2Q9P). Se o evento oferecer pesquisa facial, pode tirar uma selfie e mostramos-lhe as fotos em que aparece.',
      ],
      [
        'Porque ainda não há fotos no meu álbum?',
        'Os fotógrafos carregam as fotos depois do evento e cada uma é verificada e preparada antes de aparecer. A maioria fica online em 12 a 48 horas. O seu álbum continua na sua lista: volte mais tarde e as novas fotos aparecem sozinhas.',
      ],
      [
        'O meu código de álbum não é aceite. O que posso fazer?',
        'Verifique os caracteres parecidos (0 e O, 1 e I). Maiúsculas e minúsculas não contam. Depois de vários códigos errados, suspendemos as tentativas durante algum tempo. Se continuar a falhar, envie-nos um pedido com uma foto do seu código.',
      ],
      [
        'Faltam algumas fotos minhas no álbum.',
        'As fotos são associadas pelo código ou pelo rosto. Um dorsal tapado ou um rosto de perfil podem escapar. Com a pesquisa facial, responda a «É você?» quando perguntarmos; caso contrário, escreva-nos com o evento, o código e o local onde a foto foi tirada.',
      ],
    ],
  },
  buying: {
    title: 'Compra e pagamento',
    faqs: [
      [
        'O que está incluído no preço?',
        'Os preços incluem IVA e são apresentados na moeda do evento. Os pacotes do álbum completo, quando existem, costumam custar menos do que comprar as fotos uma a uma.',
      ],
      [
        'Que métodos de pagamento posso usar?',
        'Cartões em todo o lado e, conforme o país, também iDEAL, Przelewy24, Mercado Pago ou transferência bancária. Os métodos disponíveis para o seu carrinho aparecem no checkout.',
      ],
      [
        'O pagamento falhou ou fui cobrado duas vezes.',
        'Um pagamento falhado não é cobrado: pode tentar de novo ou escolher outro método. Se o dinheiro saiu da conta e não tem encomenda, ou vê duas cobranças, envie-nos um pedido com a data e o valor: verificamos com o prestador de pagamentos e reembolsamos o que não deve pagar.',
      ],
    ],
  },
  downloads: {
    title: 'Transferências e HD',
    faqs: [
      [
        'Como transfiro as fotos que comprei?',
        'Abra o seu álbum: as fotos compradas têm um botão de transferência, sem marca de água. Também pode pedir o álbum completo num único ficheiro zip; enviamos-lhe a ligação por e-mail quando estiver pronto.',
      ],
      [
        'Quando ficam disponíveis os originais HD e durante quanto tempo?',
        'Alguns organizadores disponibilizam os ficheiros em resolução total alguns dias após o evento, depois do retoque. O álbum indica a partir de quando o HD está disponível e até quando pode ser transferido. Guarde uma cópia no seu dispositivo: depois dessa data ficam apenas as versões web.',
      ],
      [
        'A transferência não começa no meu telemóvel.',
        'Num iPhone, abra a foto, mantenha-a premida e escolha «Guardar em Fotografias». No Android, veja a pasta Transferências. Os ficheiros zip abrem-se mais facilmente num computador.',
      ],
    ],
  },
  privacy: {
    title: 'Privacidade e pesquisa facial',
    faqs: [
      [
        'O que acontece à minha selfie?',
        'A selfie é transformada numa descrição do rosto (uma lista de números) comparada com as fotos do evento. A imagem nunca é guardada. A descrição é um dado biométrico: usamo-la só com o seu consentimento, só para esta pesquisa, e apagamo-la no máximo após 180 dias.',
      ],
      [
        'Posso esconder o meu rosto nas fotos de outros participantes?',
        'Sim. Ative o modo anónimo no seu álbum: o seu rosto fica desfocado nas fotos que os outros participantes veem e compram. Pode desativá-lo a qualquer momento.',
      ],
      [
        'Como elimino a minha conta e os meus dados?',
        'No perfil escolha «Eliminar conta» e confirme com a palavra-passe. Os álbuns, selfies e descrições do rosto são apagados; as faturas são guardadas pelo tempo que a lei exige.',
      ],
    ],
  },
  prints: {
    title: 'Impressões e fotolivros',
    faqs: [
      [
        'Posso encomendar impressões ou um fotolivro?',
        'Sim. Depois de escolher as fotos, abra Imprimir: escolha o produto, o tamanho e o papel e as fotos a imprimir. Os portes são mostrados antes de pagar.',
      ],
      [
        'Quando chegam as minhas impressões?',
        'As impressões são feitas pelo nosso laboratório e normalmente enviadas em 5 dias úteis. Recebe a ligação de seguimento por e-mail quando a encomenda sair.',
      ],
    ],
  },
  marathon: {
    title: 'Lakeside City Marathon',
    faqs: [
      [
        'Onde estavam os fotógrafos no percurso?',
        'Na partida, ao km 10 e ao km 30 e na meta. As fotos de cada ponto estão numa galeria própria do seu álbum.',
      ],
      [
        'Quando ficam online as fotos da meta?',
        'A meta é fotografada por vários fotógrafos; as fotos chegam durante a noite após a prova e no dia seguinte.',
      ],
    ],
  },
};
