/** Messages of plans and payments (spec §4, §5 "Subscription", §8 "Payment"). es = the spec's words where it gives them. */
export const BILLING_MESSAGES = {
  // validation (spec §5)
  'billing.employeeCountRange': { es: 'Número de empleados debe estar entre 5 y 1000', en: 'Number of employees must be between 5 and 1000' },
  'billing.employeeCountIncrease': {
    es: 'Número de empleados debe ser mayor a {max} y hasta 1000',
    en: 'Number of employees must be greater than {max} and up to 1000',
  },
  'billing.employeeCountBelowCurrent': {
    es: 'Número de empleados no puede ser menor a tus {count} empleados activos',
    en: 'Number of employees cannot be lower than your {count} active employees',
  },
  'billing.companyNameRequired': { es: 'Nombre de empresa requerido', en: 'Company name is required' },
  'billing.subscriptionIdRequired': { es: 'Identificador de suscripción requerido', en: 'Subscription id is required' },
  'billing.reasonTooLong': { es: 'El motivo debe tener como máximo 128 caracteres', en: 'The reason must be at most 128 characters' },
  // answers (spec §8)
  'billing.planCreated': { es: 'Plan creado exitosamente', en: 'Plan created successfully' },
  'billing.planCreateFailed': { es: 'Error al crear el plan', en: 'Error creating the plan' },
  'billing.subscriptionPlanFailed': { es: 'Error al crear el plan de suscripción', en: 'Error creating the subscription plan' },
  'billing.activated': { es: '¡Suscripción activada exitosamente!', en: 'Subscription activated successfully!' },
  'billing.confirmFailed': { es: 'Error al confirmar la suscripción', en: 'Error confirming the subscription' },
  'billing.notApproved': {
    es: 'La suscripción aún no fue aprobada. Completa la aprobación del pago.',
    en: 'The subscription has not been approved yet. Complete the payment approval.',
  },
  'billing.approvalProcessing': {
    es: 'PayPal aprobó la suscripción y está procesando el primer pago. Premium se activa cuando el pago se complete; vuelve a intentarlo en unos minutos.',
    en: 'PayPal approved the subscription and is processing the first payment. Premium starts when the payment completes; try again in a few minutes.',
  },
  'billing.subscriptionRefused': {
    es: 'La suscripción no coincide con el plan, el precio o el número de empleados de Presente, así que no se activó y fue cancelada en PayPal. Crea una nueva desde esta pantalla.',
    en: "The subscription does not match Presente's plan, price or number of employees, so it was not activated and was cancelled at PayPal. Create a new one from this screen.",
  },
  'billing.revisionScheduled': {
    es: 'Ampliación aprobada. PayPal la cobra desde la próxima fecha de cobro ({date}); desde ese pago podrás tener {count} empleados activos.',
    en: 'Increase approved. PayPal charges it from the next billing date ({date}); from that payment on you can have {count} active employees.',
  },
  'billing.providerError': { es: 'Error en el procesamiento de PayPal', en: 'PayPal processing error' },
  'billing.planProductNotCompatible': {
    es: 'Los planes deben usar el mismo producto. Contacta soporte.',
    en: 'Plans must use the same product. Contact support.',
  },
  'billing.providerUnprocessable': {
    es: 'PayPal rechazó la solicitud (UNPROCESSABLE_ENTITY). Intenta nuevamente o contacta soporte.',
    en: 'PayPal rejected the request (UNPROCESSABLE_ENTITY). Try again or contact support.',
  },
  'billing.subscriptionNotFound': { es: 'No se encontró la suscripción', en: 'Subscription not found' },
  'billing.alreadyPremium': { es: 'La empresa ya tiene una suscripción Premium activa', en: 'The company already has an active Premium subscription' },
  'billing.resumeNeedsSupport': {
    es: 'La suscripción fue cancelada. Para reactivarla contacta a soporte.',
    en: 'The subscription was cancelled. Contact support to resume it.',
  },
  'billing.cancelOnlyActive': { es: 'Solo se puede cancelar una suscripción activa', en: 'Only an active subscription can be cancelled' },
  'billing.cancelled': {
    es: 'Suscripción cancelada. Mantendrás Premium hasta el final del periodo pagado.',
    en: 'Subscription cancelled. You keep Premium until the end of the paid period.',
  },
  'billing.cancelReasonDefault': { es: 'Cancelada por el administrador de la empresa', en: 'Cancelled by the company administrator' },
  'billing.reviseOnlyActive': { es: 'Solo se puede actualizar una suscripción activa', en: 'Only an active subscription can be updated' },
  'billing.revisionApprovalRequired': {
    es: 'Aprueba el cambio en PayPal para completar la actualización',
    en: 'Approve the change in PayPal to complete the update',
  },
  'billing.revisionApplied': { es: 'Suscripción actualizada exitosamente', en: 'Subscription updated successfully' },
  'billing.revisionPending': {
    es: 'La actualización fue enviada y puede tardar unos minutos en reflejarse',
    en: 'The update was sent and may take some minutes to show',
  },
  'billing.revisionNotFound': { es: 'No hay una actualización pendiente con ese identificador', en: 'No pending update with that identifier' },
  'billing.webhookInvalid': { es: 'Firma del webhook inválida', en: 'Invalid webhook signature' },
  'billing.paymentsOff': {
    es: 'Los pagos en línea no están disponibles. Contacta a ventas para pasar a Premium.',
    en: 'Online payments are not available. Contact sales to move to Premium.',
  },
  'billing.deleteCancelFailed': {
    es: 'No se pudo cancelar la suscripción de la empresa en PayPal, así que la empresa no se eliminó. Intenta nuevamente en unos minutos.',
    en: "The company's PayPal subscription could not be cancelled, so the company was not deleted. Try again in a few minutes.",
  },
  'billing.deleteCancelOtherMode': {
    es: 'La suscripción de esta empresa se creó con otro modo de pago ({mode}); cancélala allí antes de eliminar la empresa.',
    en: "This company's subscription was created with another payment mode ({mode}); cancel it there before deleting the company.",
  },
  'billing.paymentCancelled': { es: 'Pago cancelado', en: 'Payment cancelled' },
  // the simulator's approval page
  'billing.sim.testMode': { es: 'Modo de prueba', en: 'Test mode' },
  'billing.sim.notice': {
    es: 'Pagos simulados: no se cobra nada. Configura PayPal para cobrar de verdad.',
    en: 'Simulated payments: nothing is charged. Configure PayPal to charge for real.',
  },
  'billing.sim.subscribeTitle': { es: 'Aprobar suscripción Premium', en: 'Approve Premium subscription' },
  'billing.sim.reviseTitle': { es: 'Aprobar cambio de suscripción', en: 'Approve subscription change' },
  'billing.sim.employees': { es: 'Empleados', en: 'Employees' },
  'billing.sim.pricePerEmployee': { es: 'Precio por empleado', en: 'Price per employee' },
  'billing.sim.total': { es: 'Total', en: 'Total' },
  'billing.sim.perMonth': { es: 'por mes', en: 'per month' },
  'billing.sim.perYear': { es: 'por año', en: 'per year' },
  'billing.sim.approve': { es: 'Aprobar', en: 'Approve' },
  'billing.sim.cancel': { es: 'Cancelar', en: 'Cancel' },
  'billing.sim.done': { es: 'Esta aprobación ya no está pendiente.', en: 'This approval is no longer pending.' },
  'billing.sim.back': { es: 'Volver a la suscripción', en: 'Back to the subscription' },
} as const;
