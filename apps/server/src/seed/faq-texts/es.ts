import type { FaqTexts } from './types';

export const es: FaqTexts = {
  finding: {
    title: 'Encontrar tus fotos',
    faqs: [
      [
        '¿Cómo encuentro mis fotos?',
        'Introduce en la página de inicio el código de álbum que recibiste (en tu dorsal, pulsera, tarjeta de habitación o en el correo del organizador, por ejemplo K7M2Q9P). Si el evento ofrece búsqueda facial, puedes hacerte un selfie y te mostramos las fotos en las que apareces.',
      ],
      [
        '¿Por qué todavía no hay fotos en mi álbum?',
        'Los fotógrafos suben las fotos después del evento y cada una se revisa y prepara antes de aparecer. La mayoría está en línea en 12 a 48 horas. Tu álbum sigue en tu lista: vuelve más tarde y las fotos nuevas aparecerán solas.',
      ],
      [
        'No se acepta mi código de álbum. ¿Qué hago?',
        'Revisa los caracteres parecidos (0 y O, 1 e I). Las mayúsculas y minúsculas no importan. Tras varios códigos erróneos pausamos los intentos durante un rato. Si sigue fallando, envíanos una solicitud con una foto de tu código.',
      ],
      [
        'Faltan algunas fotos mías en el álbum.',
        'Las fotos se asignan por tu código o por tu cara. Un dorsal tapado o una cara de perfil pueden escaparse. Con la búsqueda facial, responde a «¿Eres tú?» cuando te lo preguntemos; si no, escríbenos con el evento, tu código y el lugar donde se tomó la foto.',
      ],
    ],
  },
  buying: {
    title: 'Compra y pago',
    faqs: [
      [
        '¿Qué incluye el precio?',
        'Los precios incluyen el IVA y se muestran en la moneda del evento. Los paquetes del álbum completo, cuando se ofrecen, suelen costar menos que comprar las fotos una a una.',
      ],
      [
        '¿Qué métodos de pago puedo usar?',
        'Tarjetas en todas partes y, según tu país, también iDEAL, Przelewy24, Mercado Pago o transferencia bancaria. Los métodos disponibles para tu carrito se muestran al pagar.',
      ],
      [
        'El pago ha fallado o me han cobrado dos veces.',
        'Un pago fallido no se cobra: puedes intentarlo de nuevo o elegir otro método. Si el dinero salió de tu cuenta y no tienes pedido, o ves dos cargos, envíanos una solicitud con la fecha y el importe: lo comprobamos con el proveedor de pagos y devolvemos lo que no te corresponde pagar.',
      ],
    ],
  },
  downloads: {
    title: 'Descargas y HD',
    faqs: [
      [
        '¿Cómo descargo las fotos que he comprado?',
        'Abre tu álbum: las fotos compradas tienen un botón de descarga, sin marca de agua. También puedes pedir el álbum completo en un único archivo zip; te enviamos el enlace por correo cuando esté listo.',
      ],
      [
        '¿Cuándo están disponibles los originales HD y durante cuánto tiempo?',
        'Algunos organizadores publican los archivos en resolución completa unos días después del evento, tras el retoque. Tu álbum indica desde cuándo está disponible el HD y hasta cuándo se puede descargar. Guarda una copia en tu dispositivo: después de esa fecha solo quedan las versiones web.',
      ],
      [
        'La descarga no empieza en mi móvil.',
        'En un iPhone, abre la foto, mantenla pulsada y elige «Guardar en Fotos». En Android, revisa la carpeta Descargas. Los archivos zip se abren más fácilmente en un ordenador.',
      ],
    ],
  },
  privacy: {
    title: 'Privacidad y búsqueda facial',
    faqs: [
      [
        '¿Qué pasa con mi selfie?',
        'Tu selfie se convierte en una descripción facial (una lista de números) que se compara con las fotos del evento. La imagen nunca se guarda. La descripción es un dato biométrico: la usamos solo con tu consentimiento, solo para esta búsqueda, y la borramos como máximo a los 180 días.',
      ],
      [
        '¿Puedo ocultar mi cara en las fotos de otros participantes?',
        'Sí. Activa el modo anónimo en tu álbum: tu cara se difumina en las fotos que ven y compran los demás participantes. Puedes desactivarlo cuando quieras.',
      ],
      [
        '¿Cómo elimino mi cuenta y mis datos?',
        'En tu perfil elige «Eliminar cuenta» y confirma con tu contraseña. Se borran tus álbumes, selfies y descripciones faciales; las facturas se conservan el tiempo que exige la ley.',
      ],
    ],
  },
  prints: {
    title: 'Impresiones y fotolibros',
    faqs: [
      [
        '¿Puedo pedir impresiones o un fotolibro?',
        'Sí. Tras elegir tus fotos, abre Imprimir: elige producto, tamaño y papel y las fotos que quieres imprimir. Los gastos de envío se muestran antes de pagar.',
      ],
      [
        '¿Cuándo llegarán mis impresiones?',
        'Nuestro laboratorio las imprime y normalmente las envía en 5 días laborables. Recibirás el enlace de seguimiento por correo cuando salga el paquete.',
      ],
    ],
  },
  marathon: {
    title: 'Lakeside City Marathon',
    faqs: [
      [
        '¿Dónde estaban los fotógrafos en el recorrido?',
        'En la salida, en el km 10 y el km 30 y en la meta. Las fotos de cada punto están en su propia galería de tu álbum.',
      ],
      [
        '¿Cuándo estarán en línea las fotos de la meta?',
        'La meta la fotografían varios fotógrafos; sus fotos llegan durante la tarde después de la carrera y al día siguiente.',
      ],
    ],
  },
};
