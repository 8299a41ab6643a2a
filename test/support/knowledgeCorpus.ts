/**
 * A small help centre of an online shop (Northwind Outfitters, outdoor gear), for retrieval
 * tests and the retrieval benchmark: twelve documents as a business writes them, and thirty
 * questions as visitors ask them (their own words, not the documents'), each with the document
 * that answers it. Questions on other things find nothing (UNRELATED_QUESTIONS).
 */

export interface CorpusDocument {
  key: string;
  title: string;
  text: string;
}

export interface CorpusQuestion {
  question: string;
  /** The key of the document that answers it. */
  expected: string;
}

export const CORPUS_DOCUMENTS: CorpusDocument[] = [
  {
    key: 'returns',
    title: 'Returns and refunds',
    text: `# Returns and refunds

## Return window

Unworn items in their original packaging can be returned within 30 days of delivery. Sale items
marked "final sale" cannot be returned. Footwear must come back with the shoe box undamaged.

## How to send an item back

Start a return from the Orders page of your account, choose the items and print the prepaid
return label. Drop the parcel at any post office. Returns from outside the EU are sent at your own
cost and must include the return form.

## Refunds

Once the warehouse has checked the returned item, the refund is issued to the original payment
method within 5 business days. Banks may take another 3 to 5 days to show the money on your
statement. Original shipping costs are refunded only when the item was faulty or we sent the
wrong one.

## Exchanges

We do not swap items directly. To get another size or colour, return the item for a refund and
place a new order; this is the fastest way to get the size you want while it is in stock.`,
  },
  {
    key: 'shipping',
    title: 'Shipping and delivery',
    text: `# Shipping and delivery

## Delivery times

Orders placed before 2 pm on a working day leave our warehouse the same day. Standard delivery
takes 2 to 4 working days within the EU and 5 to 8 working days to the United Kingdom, Norway and
Switzerland. Express delivery arrives the next working day in Germany, the Netherlands and Belgium.

## Shipping costs

Standard shipping is free on orders over 60 euros; below that it costs 4.95 euros. Express
shipping costs 12.50 euros whatever the order value. Bulky items such as tents and kayaks carry a
surcharge shown at checkout.

## Countries we ship to

We ship to every EU country, the United Kingdom, Norway, Switzerland and Iceland. We do not ship
to the United States, Canada or Australia at the moment. Customs duties for non-EU countries are
paid by the recipient on delivery.

## Missing or damaged parcels

If a parcel has not arrived 10 working days after dispatch, or arrives damaged, contact support
with your order number and photos of the packaging; we send a replacement or a refund.`,
  },
  {
    key: 'warranty',
    title: 'Warranty and repairs',
    text: `# Warranty and repairs

## What the warranty covers

Every Northwind product carries a two year warranty against defects in materials and
workmanship, counted from the delivery date. Our own-brand backpacks and sleeping bags carry a
lifetime warranty. Normal wear and tear, misuse and accidental damage are not covered.

## Making a warranty claim

Send a claim from the Warranty form with your order number, a description of the defect and
photos. We answer within three working days. If the claim is accepted we repair the product,
replace it, or refund it when neither is possible.

## Repairs after the warranty

Our repair workshop mends zips, seams, buckles and tent poles at a fixed price list, also for
products whose warranty has ended. A broken zip costs 15 euros to replace; a tent pole section
costs 9 euros. Repairs take about two weeks plus shipping.`,
  },
  {
    key: 'payments',
    title: 'Payment methods',
    text: `# Payment methods

## Accepted payment methods

We accept Visa, Mastercard and American Express credit cards, PayPal, Apple Pay, Google Pay,
iDEAL in the Netherlands, Bancontact in Belgium and SEPA bank transfer. Cash on delivery is not
available.

## Paying in instalments

With Klarna you can pay in three interest-free instalments on orders from 100 euros. The first
instalment is charged when the order ships; the next two follow after 30 and 60 days.

## When your card is charged

Your card is authorised when you place the order and charged only when the order ships. A
declined card usually means the bank blocked an online or foreign payment: ask your bank to allow
it, or choose another method. Prices include VAT of your country; a VAT invoice is attached to
the shipping confirmation email.`,
  },
  {
    key: 'account',
    title: 'Your account and login',
    text: `# Your account and login

## Creating an account

You can order as a guest, but an account keeps your order history, saved addresses and
warranty claims in one place. Sign up with your email address and a password of at least 10
characters.

## Forgotten password

Click "Forgot password" on the sign-in page and enter your email address. We send a reset link
that works for one hour. If the email does not arrive, check your spam folder or ask support to
resend it.

## Changing your email address or details

Change your email address, name and saved addresses under Account settings. A new email address
must be confirmed from a link we send to it before it is used.

## Closing your account

To delete your account, choose "Close account" in Account settings. Your personal data is erased
within 30 days, except invoices we must keep for tax law.`,
  },
  {
    key: 'orders',
    title: 'Orders: tracking, changes and cancellation',
    text: `# Orders: tracking, changes and cancellation

## Tracking your order

As soon as your order ships you receive an email with the carrier's tracking link. The Orders
page of your account shows the status of every order: received, packed, shipped, delivered.

## Changing or cancelling an order

An order can be cancelled or changed (address, sizes, items) for one hour after it was placed,
from the Orders page. After that it is already being packed; refuse the delivery or return the
items instead.

## Out of stock items

If an item turns out to be out of stock after you ordered it, we ship the rest of the order and
refund the missing item the same day. You can ask for an email alert when a sold-out size comes
back.`,
  },
  {
    key: 'giftcards',
    title: 'Gift cards',
    text: `# Gift cards

Northwind gift cards come as an e-card sent by email or as a printed card in a gift envelope,
worth 10 to 500 euros. A gift card is valid for three years from the date of purchase and can be
used in our online shop and in our stores.

## Using a gift card

Enter the gift card code at checkout; any remaining balance stays on the card for a later order.
Several gift cards can be combined on one order. Gift cards cannot be exchanged for cash and
cannot be used to buy other gift cards.

## Lost gift cards

A lost or stolen gift card can be blocked and reissued if you still have the purchase receipt.`,
  },
  {
    key: 'privacy',
    title: 'Privacy and personal data',
    text: `# Privacy and personal data

We collect the data needed to deliver your order and run your account: name, addresses, email,
phone number and order history. Payment card numbers are handled by our payment provider and never
stored by us.

## Newsletter and marketing

We send the newsletter only when you subscribed. Every newsletter has an unsubscribe link, and you
can switch marketing emails off in Account settings.

## Your rights

Under the GDPR you can ask for a copy of your data, ask us to correct it, or have it erased.
Send the request to privacy@northwind.example; we answer within one month. Cookies for analytics
are only set when you accept them in the cookie banner.`,
  },
  {
    key: 'stores',
    title: 'Stores and click and collect',
    text: `# Stores and click and collect

## Our stores

Northwind has stores in Amsterdam, Utrecht, Antwerp and Cologne. They are open Monday to
Saturday from 10:00 to 19:00 and on Sundays from 12:00 to 17:00.

## Click and collect

Choose "Collect in store" at checkout to pick your order up for free, usually two working days
later. We email you when it is ready. Bring the order confirmation and an ID; the order is kept
for 14 days.

## Returning online orders in a store

Online orders can be brought back to any of our stores within the 30 day return window; the
refund is processed on the spot.`,
  },
  {
    key: 'sizing',
    title: 'Size guide',
    text: `# Size guide

## Clothing sizes

Our jackets and trousers follow European sizes from XS to XXL. Measure your chest at its widest
point and your waist at the narrowest; the size chart on each product page converts the
measurements. Between two sizes, take the larger one for layering underneath.

## Hiking boots and shoes

Hiking boots are sized in EU sizes from 36 to 48. Try them on in the afternoon with the socks you
hike in, and leave about a thumb's width in front of the toes for descents.

## Children's sizes

Children's clothing is sized by height in centimetres, from 104 to 164.`,
  },
  {
    key: 'care',
    title: 'Product care',
    text: `# Product care

## Washing waterproof jackets

Wash waterproof jackets at 30 degrees with a technical detergent, never with fabric softener,
which clogs the membrane. Tumble dry on low heat to reactivate the water repellent finish.

## Down sleeping bags

Store down sleeping bags loose in the large storage sack, not compressed. Wash them rarely, by hand
or in a front loader with down wash, and dry them with tennis balls to break up clumps.

## Leather boots

Clean leather boots with a brush and water after every trip, let them dry away from a heater, and
wax them a few times a season to keep them waterproof.`,
  },
  {
    key: 'contact',
    title: 'Contact and customer service',
    text: `# Contact and customer service

## Opening hours

Customer service answers by chat and phone from Monday to Friday, 8:00 to 20:00, and on Saturday
from 9:00 to 17:00 (Central European Time). Emails are answered within one working day.

## Phone numbers

Netherlands: +31 20 555 0100. Belgium: +32 3 555 0200. Germany: +49 221 555 0300.

## Business and team orders

Clubs, schools and companies ordering more than 20 items get a quote with volume discounts from
our business team at business@northwind.example.`,
  },
];

export const CORPUS_QUESTIONS: CorpusQuestion[] = [
  { question: 'How many days do I have to send something back?', expected: 'returns' },
  { question: 'When will I get my money back after returning a jacket?', expected: 'returns' },
  { question: 'Can I exchange my boots for a bigger size?', expected: 'returns' },
  { question: 'Do you refund the shipping cost when I return an item?', expected: 'returns' },
  { question: 'How long does delivery to the UK take?', expected: 'shipping' },
  { question: 'Is shipping free?', expected: 'shipping' },
  { question: 'Do you ship to the United States?', expected: 'shipping' },
  { question: 'My parcel never arrived, what should I do?', expected: 'shipping' },
  { question: 'How long is the warranty on a backpack?', expected: 'warranty' },
  { question: 'The zip of my jacket broke, can you repair it?', expected: 'warranty' },
  { question: 'How do I make a warranty claim for a defective tent?', expected: 'warranty' },
  { question: 'Can I pay with PayPal?', expected: 'payments' },
  { question: 'Is it possible to pay in instalments with Klarna?', expected: 'payments' },
  { question: 'Why was my credit card declined?', expected: 'payments' },
  { question: 'I forgot my password', expected: 'account' },
  { question: 'How do I change the email address of my account?', expected: 'account' },
  { question: 'How can I delete my account?', expected: 'account' },
  { question: 'Where can I track my order?', expected: 'orders' },
  { question: 'Can I cancel an order I just placed?', expected: 'orders' },
  { question: 'What happens if an item I ordered is out of stock?', expected: 'orders' },
  { question: 'How long is a gift card valid?', expected: 'giftcards' },
  { question: 'Can I combine two gift cards on one order?', expected: 'giftcards' },
  { question: 'How do I unsubscribe from the newsletter?', expected: 'privacy' },
  { question: 'Do you store my card number?', expected: 'privacy' },
  { question: 'What are the opening hours of the Amsterdam store?', expected: 'stores' },
  { question: 'Can I pick up my online order in a store?', expected: 'stores' },
  { question: 'Which size hiking boots should I take?', expected: 'sizing' },
  { question: 'How should I wash my waterproof jacket?', expected: 'care' },
  { question: 'What is the phone number of customer service in Germany?', expected: 'contact' },
  { question: 'Do you offer discounts for team orders?', expected: 'contact' },
];

/** Questions the corpus has no answer to: retrieval finds nothing above its threshold. */
export const UNRELATED_QUESTIONS = [
  'What is the capital of France?',
  'Who won the football world cup in 2014?',
  'Write me a poem about the moon',
  'How do I bake sourdough bread?',
  // Each shares one word with the corpus ("return", "Amsterdam", "card"): full text finds a
  // candidate, the threshold drops it.
  'How do I return a serve in tennis?',
  'What will the weather be in Amsterdam tomorrow?',
  'Which card games are good for children?',
];

/**
 * The share of `questions` whose expected document is among the first `k` passages found
 * (`find` answers the keys of their documents, best first).
 */
export async function hitRate(
  questions: readonly CorpusQuestion[],
  find: (question: string) => Promise<string[]>,
  k = 5,
): Promise<{ rate: number; misses: string[] }> {
  const misses: string[] = [];
  for (const q of questions) {
    const keys = (await find(q.question)).slice(0, k);
    if (!keys.includes(q.expected)) misses.push(`${q.question} → ${keys.join(', ') || 'nothing'}`);
  }
  return { rate: (questions.length - misses.length) / questions.length, misses };
}
