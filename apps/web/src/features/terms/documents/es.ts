import type { PolicyTexts } from './types';

const es: PolicyTexts = {
  terms: [
    {
      title: '1. Quiénes somos y qué cubren estas condiciones',
      paragraphs: [
        'Fotodrop es una plataforma donde los participantes de eventos y estancias encuentran, compran y descargan las fotos y vídeos que se les han hecho. Los fotógrafos y agencias fotográficas trabajan por encargo del organizador del evento; las organizaciones pueden usar Fotodrop con su propio nombre y dirección.',
        'Estas condiciones se aplican a tu uso del sitio y a cada compra que hagas en él, sea cual sea el sitio de organización que uses.',
      ],
    },
    {
      title: '2. Tu cuenta',
      paragraphs: [
        'Debes tener al menos 18 años, o la edad mínima que indique el organizador de tu evento con el consentimiento de un padre, madre o tutor. Facilita datos correctos, guarda tu contraseña para ti y avísanos en {contact} si crees que otra persona usa tu cuenta.',
        'Puedes eliminar tu cuenta en cualquier momento desde tu perfil. Podemos suspender una cuenta que incumpla estas condiciones, por ejemplo intentando abrir álbumes de otras personas.',
      ],
    },
    {
      title: '3. Encontrar tus fotos',
      paragraphs: [
        'Abres un álbum con el código que te dio el organizador o, si el evento lo ofrece, con una búsqueda facial mediante un selfie. Busca solo fotos tuyas o de personas que te lo hayan permitido. No compartas ni intentes adivinar códigos ajenos: los códigos erróneos repetidos se bloquean durante un tiempo.',
      ],
    },
    {
      title: '4. Precios y compras',
      paragraphs: [
        'Los precios se muestran en la moneda del evento e incluyen el IVA. La compra se cierra cuando se confirma tu pago; entonces recibes una confirmación por correo electrónico.',
        'Las fotos y vídeos digitales se entregan al instante. Al pedir la entrega inmediata aceptas que tu derecho de desistimiento de 14 días termina en cuanto la descarga está disponible. Las copias, lienzos y fotolibros se fabrican con tus propias fotos y por eso no se pueden devolver una vez iniciada la producción; un producto defectuoso o dañado se sustituye o se reembolsa.',
      ],
    },
    {
      title: '5. Qué puedes hacer con tus fotos',
      paragraphs: [
        'Los fotógrafos conservan los derechos de autor. La compra te da una licencia personal y no comercial para guardar, imprimir y compartir las fotos, también en tus propias redes sociales. No puedes venderlas, usarlas en publicidad ni quitar el crédito.',
        'Las vistas previas de fotos no compradas llevan marca de agua y no pueden usarse fuera del sitio.',
      ],
    },
    {
      title: '6. Cuánto tiempo están disponibles los álbumes',
      paragraphs: [
        'El organizador decide cuánto tiempo se conservan las fotos de un evento; el álbum muestra la fecha. Las fotos no compradas se eliminan después de esa fecha. Las fotos y vídeos comprados permanecen en tu cuenta mientras exista el álbum: descárgalos para tener tu propia copia.',
      ],
    },
    {
      title: '7. Uso correcto',
      paragraphs: [
        'No copies el sitio ni su contenido de forma automatizada, no eludas marcas de agua, límites ni pagos, y no uses el sitio para infringir la ley o los derechos de nadie.',
      ],
    },
    {
      title: '8. Responsabilidad',
      paragraphs: [
        'Procuramos que el sitio esté disponible y tus compras seguras, pero no podemos prometer que funcione siempre sin interrupciones. Nada en estas condiciones limita nuestra responsabilidad por dolo, negligencia grave, daños a la vida o la salud, o cuando la ley no lo permita, ni tus derechos como consumidor.',
      ],
    },
    {
      title: '9. Cambios en estas condiciones',
      paragraphs: [
        'Cuando cambiamos estas condiciones publicamos una nueva versión con su fecha y te pedimos que la aceptes antes de continuar. Las compras anteriores siguen rigiéndose por la versión vigente en su momento.',
      ],
    },
    {
      title: '10. Ley aplicable y conflictos',
      paragraphs: [
        'Estas condiciones se rigen por la ley del país donde está establecido el operador; como consumidor conservas además la protección de las normas imperativas del país donde vives. Escríbenos primero a {contact}; también puedes usar la plataforma de resolución de litigios en línea de la Comisión Europea.',
      ],
    },
  ],
  privacy: [
    {
      title: '1. Quién es el responsable',
      paragraphs: [
        'El operador de Fotodrop es responsable del tratamiento de tus datos personales en este sitio. El organizador de tu evento es responsable de las fotografías de su evento y de las respuestas que piden sus formularios de registro. Puedes escribirnos a {contact}.',
      ],
    },
    {
      title: '2. Qué recogemos',
      paragraphs: [
        'Tu cuenta: nombre, correo electrónico, un hash de tu contraseña (nunca la contraseña), tu idioma y tus consentimientos. Tus álbumes: los códigos introducidos, las respuestas dadas al organizador y tus favoritos. Tus compras: qué compraste, precios y estado del pago; los datos de la tarjeta los trata el proveedor de pagos y nunca nos llegan. En pedidos de impresión: nombre y dirección de entrega.',
        'Las fotos y vídeos en los que apareces, tomados en el evento. Datos técnicos: dirección IP, dispositivo y navegador, y registros de las solicitudes, usados para la seguridad.',
      ],
    },
    {
      title: '3. Búsqueda facial (datos biométricos)',
      paragraphs: [
        'Si un evento lo ofrece, puedes encontrar tus fotos con un selfie. Solo si lo eliges y das tu consentimiento explícito creamos a partir del selfie una plantilla facial y la comparamos con las caras de las fotos de ese único evento. La plantilla nunca se usa para otros fines ni otros eventos, ni se vende o comparte para otros usos.',
        'Puedes retirar tu consentimiento en cualquier momento eliminando el álbum: el selfie y la plantilla facial se borran entonces. Como muy tarde se borran cuando se eliminan las fotos del evento.',
      ],
    },
    {
      title: '4. Para qué usamos tus datos',
      paragraphs: [
        'Para ofrecerte tu cuenta, tus álbumes y tus compras (ejecución de un contrato); para la búsqueda facial y los mensajes comerciales (tu consentimiento); para conservar facturas y registros de pago (obligación legal); y para mantener el sitio seguro, evitar fraudes y abusos como adivinar códigos y corregir errores (nuestro interés legítimo).',
      ],
    },
    {
      title: '5. Cuánto tiempo los conservamos',
      paragraphs: [
        'Los datos de la cuenta hasta que la elimines. Las fotos no compradas hasta la fecha fijada por el organizador para el álbum. Las plantillas faciales como se describe arriba. Los registros de compras y facturas el tiempo que exija la ley fiscal, normalmente diez años. Los registros de seguridad hasta 90 días. Los enlaces para restablecer la contraseña caducan en poco tiempo y funcionan una sola vez.',
      ],
    },
    {
      title: '6. Quién los recibe',
      paragraphs: [
        'El organizador y la agencia fotográfica de tu evento, en la medida necesaria para tu álbum y tus pedidos; el proveedor de pagos; el laboratorio de impresión en pedidos de copias; y nuestros proveedores de alojamiento y correo, que actúan según nuestras instrucciones bajo contrato. Nunca vendemos tus datos. Si los datos salen del Espacio Económico Europeo, los protegen las cláusulas contractuales tipo de la Comisión Europea o una decisión de adecuación.',
      ],
    },
    {
      title: '7. Tus derechos',
      paragraphs: [
        'Tienes derecho a acceder a tus datos, a rectificarlos o suprimirlos, a limitar su tratamiento u oponerte a él, a recibirlos en un formato portable y a retirar un consentimiento en cualquier momento sin afectar al tratamiento anterior. Puedes eliminar tu cuenta y cambiar tus consentimientos en tu perfil; para todo lo demás escribe a {contact}. Respondemos en el plazo de un mes.',
        'También puedes presentar una reclamación ante la autoridad de protección de datos del país donde vives o trabajas.',
      ],
    },
    {
      title: '8. Seguridad',
      paragraphs: [
        'Las contraseñas se guardan solo como hashes robustos, las conexiones están cifradas, los enlaces a las fotos están firmados y caducan, y los intentos de adivinar códigos o contraseñas están limitados.',
      ],
    },
    {
      title: '9. Cookies y almacenamiento en tu navegador',
      paragraphs: [
        'El sitio guarda en tu navegador solo lo que necesita: tu sesión, tu idioma y el álbum que estás abriendo. No usamos rastreadores publicitarios.',
      ],
    },
    {
      title: '10. Cambios en esta política',
      paragraphs: [
        'Cuando cambiamos esta política publicamos una nueva versión con su fecha y, en cambios importantes, te pedimos que la aceptes de nuevo antes de continuar.',
      ],
    },
  ],
};

export default es;
