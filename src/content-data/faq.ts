/** FAQ (/preguntas-frecuentes): four groups of questions, with the policy figures the spec gives the FAQ. */

export interface FaqEntry {
  question: string;
  answer: readonly string[];
}

export interface FaqGroup {
  id: string;
  title: string;
  entries: readonly FaqEntry[];
}

export const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    id: 'productos',
    title: 'Productos',
    entries: [
      {
        question: '¿Los productos son originales?',
        answer: [
          'Sí. Todos nuestros productos son 100% originales y provienen de las marcas o de sus distribuidores autorizados. No vendemos réplicas.',
        ],
      },
      {
        question: '¿Por qué los precios son tan bajos?',
        answer: [
          'Somos un outlet: trabajamos por campañas de tiempo limitado con excedentes de temporada y piezas únicas, lo que nos permite ofrecer descuentos reales sobre el precio original.',
        ],
      },
      {
        question: '¿Cómo sé cuál es mi talla?',
        answer: [
          'Cada producto muestra las tallas disponibles. Si tienes dudas, escríbenos por WhatsApp antes de comprar y te ayudamos a elegir; revisar tu talla evita cambios y esperas.',
        ],
      },
      {
        question: '¿Tienen el producto en existencia?',
        answer: [
          'Trabajamos sobre pedido: antes de pagar te confirmamos por WhatsApp la disponibilidad de la pieza y la talla que elegiste.',
        ],
      },
    ],
  },
  {
    id: 'compras-pagos',
    title: 'Compras y pagos',
    entries: [
      {
        question: '¿Cómo hago un pedido?',
        answer: [
          'Elige tu producto y talla y toca «Comprar». Se abrirá un chat de WhatsApp con los datos del producto; ahí confirmamos la disponibilidad y te indicamos cómo pagar.',
        ],
      },
      {
        question: '¿Qué métodos de pago aceptan?',
        answer: ['Aceptamos tarjetas de crédito y débito, PayPal, transferencia bancaria y pago en efectivo en tiendas de conveniencia.'],
      },
      {
        question: '¿Puedo pagar a meses sin intereses?',
        answer: ['Sí. En compras mayores a $1,000 MXN puedes pagar a 3 y 6 meses sin intereses con tarjetas participantes.'],
      },
      {
        question: '¿Puedo cancelar mi pedido?',
        answer: [
          'Los pedidos pagados no se pueden cancelar, porque los solicitamos a la marca en cuanto confirmas tu compra. Revisa producto y talla antes de pagar.',
        ],
      },
    ],
  },
  {
    id: 'envios',
    title: 'Envíos',
    entries: [
      {
        question: '¿Cuánto tarda en llegar mi pedido?',
        answer: [
          'El envío estándar tarda de 7 a 15 días hábiles. También ofrecemos envío exprés de 3 a 5 días con costo adicional.',
          'Según el origen del producto: stock local, de 3 a 7 días; productos internacionales, de 15 a 25 días; ediciones limitadas, de 20 a 35 días.',
        ],
      },
      {
        question: '¿El envío tiene costo?',
        answer: [
          'El envío es gratis en compras mayores a $1,500 MXN. En compras menores te indicamos el costo por WhatsApp antes de pagar.',
        ],
      },
      {
        question: '¿Cómo rastreo mi pedido?',
        answer: ['Cuando tu pedido sale te enviamos la guía de rastreo por WhatsApp para que lo sigas hasta tu puerta.'],
      },
      {
        question: '¿Hacen envíos a todo México?',
        answer: ['Sí, enviamos a cualquier código postal de la República Mexicana.'],
      },
    ],
  },
  {
    id: 'devoluciones-garantia',
    title: 'Devoluciones y garantía',
    entries: [
      {
        question: '¿Puedo devolver un producto?',
        answer: [
          'Sí, tienes 30 días a partir de la entrega para solicitar una devolución. El producto debe estar sin uso, con etiquetas y en su empaque original.',
        ],
      },
      {
        question: '¿Cuánto tarda un reembolso?',
        answer: [
          'Revisamos cada devolución en un plazo de 3 a 5 días hábiles. Una vez aprobada, el reembolso se refleja en 5 a 10 días hábiles por el mismo medio de pago.',
        ],
      },
      {
        question: '¿Qué hago si mi producto llegó con un defecto?',
        answer: ['Escríbenos por WhatsApp con fotos del producto y de la guía. Revisamos tu caso y te ofrecemos un cambio o el reembolso.'],
      },
    ],
  },
];
