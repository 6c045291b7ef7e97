/**
 * Texts of pages few visits render (login, test identification, terms, help, children's chat,
 * outbox), one module per language like the core texts.
 * `en` defines the shape.
 */

const en = {
  login: {
    title: 'Log in',
    intro: 'Identify yourself with your online banking codes or a mobile certificate.',
    providersLabel: 'Choose your identification method',
    secureNote: 'Identification happens over a secure connection. We never see your banking codes.',
    providers: {
      mobile: 'Mobile certificate',
    },
    cancelled: 'Identification was cancelled.',
    failed: 'Identification failed. Please try again.',
    wrongMethod: 'The identification was not made with the method you chose. Choose your identification method and try again.',
    again: {
      title: 'Identify yourself again',
      intro: 'To make the change, identify yourself again with your online banking codes or a mobile certificate. You will then return to where you were.',
      back: 'Back without identifying',
    },
  },
  testIdp: {
    title: 'Test identification service',
    notice: 'This is a test service of the development environment. No real identification takes place.',
    provider: 'Chosen provider: {{provider}}',
    identityCode: 'Personal identity code',
    identityCodeHint: 'For example 150385-9024',
    confirm: 'Confirm',
    cancel: 'Cancel',
    invalidCode: 'Check the personal identity code. It must be a valid Finnish personal identity code.',
    expired: 'The identification request has expired. Start again from the portal.',
  },
  eula: {
    title: 'Terms of use',
    updated: 'Updated 1 June 2025',
    sections: [
      {
        heading: 'The service',
        body: 'The patient portal lets you book and manage appointments, read your health records, pay invoices and send secure messages to your care team. The service is provided by the clinic named at the top of the page.',
      },
      {
        heading: 'Identification',
        body: 'You log in with strong electronic identification (online banking codes or a mobile certificate). Do not let anyone else use the service with your identity. Log out when you stop using the service, especially on a shared device.',
      },
      {
        heading: 'Acting for another person',
        body: 'A guardian may manage the care of a child aged 11 or younger. Young people aged 12 or older log in themselves. Rights to act for another person are checked from the Population Information System.',
      },
      {
        heading: 'Your data',
        body: 'Your patient data is processed under the Finnish Act on the Status and Rights of Patients and the EU General Data Protection Regulation. Every view and change of patient data is logged. You may ask for the log of who has processed your data.',
      },
      {
        heading: 'Availability',
        body: 'We aim to keep the service available at all times but cannot guarantee it. In urgent matters call our customer service or, in an emergency, 112.',
      },
    ],
  },
  help: {
    title: 'Instructions',
    customerServiceTitle: 'Customer service',
    instructionsTitle: 'Patient instructions',
    instructions: [] as string[],
    faqTitle: 'Frequently asked questions',
    faq: [] as { q: string; a: string }[],
    smsFaq: { q: '', a: '' },
  },
  childrensChat: {
    title: 'Pikkutsatti chat has moved',
    text: 'The Pikkutsatti chat for children and young people is now in our mobile app. Download the app to chat with a nurse.',
    anonymousText: 'You do not need to log in here: the app asks you to identify when you start a chat.',
    paymentIntentTitle: 'Your chat payment',
    paymentIntentText: 'If you paid for a chat, the payment is handled in the app, and the chat continues there. You will find the receipt in the app.',
  },
  outbox: {
    title: 'Outbox (development)',
    intro: 'Messages the portal has sent, newest first. This page does not exist in production.',
    empty: 'No messages yet.',
    channel: 'Channel',
    recipient: 'Recipient',
    subject: 'Subject',
    created: 'Created',
    state: 'State',
    states: { queued: 'Queued', sending: 'Sending', sent: 'Sent', failed: 'Failed' },
    tries: 'Tries',
    lastErrorClass: 'Last error',
    notBefore: 'Next try',
    sentAt: 'Sent',
    kind: 'Kind',
    language: 'Language',
    email: {
      footer: 'This message was sent automatically by {{brand}}. Replies to it are not read.',
    },
  },
};

export default en;

export type PageTexts = typeof en;
