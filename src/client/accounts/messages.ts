/** The success toasts of accounts: one wording per action, shared by the storefront and the admin. */
export const accountMessages = {
  signedIn: 'Вы успешно авторизованы!',
  passwordReset: 'Ваш пароль был сброшен!',
  helpReceived: 'Мы получили ваше сообщение и свяжемся с вами как можно скорее',
  confirmationSent: 'Письмо со ссылкой для подтверждения отправлено на вашу почту',
  resetLinkSent: 'Если этот адрес зарегистрирован, мы отправили на него ссылку для сброса пароля',
  profileUpdated: 'Данные обновлены',
  passwordChanged: 'Пароль изменён',
  signedOut: 'Вы вышли из учётной записи',
  userCreated: 'Пользователь создан',
  userUpdated: 'Данные пользователя обновлены',
  userDeleted: 'Пользователь удалён',
} as const;
