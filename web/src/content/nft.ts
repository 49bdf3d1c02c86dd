import { note, p, ul, type ContentDocument } from './types';

/** NFT Basics: Ethereum is the blockchain; the marketplace is coming soon. */
export const NFT_BASICS: ContentDocument = {
  title: 'NFT Basics',
  eyebrow: 'Resources',
  description:
    'What an NFT is, why Starborn chose Ethereum, what a wallet address is for, and what to expect from the Starborn hero marketplace, which is coming soon.',
  intro: [
    'Some Starborn heroes may one day live on the blockchain as NFTs. This guide explains the ideas behind that in plain words: what an NFT is, why we chose Ethereum, what a wallet is, and what Starborn does today. You do not need any of it to create, enjoy or share a hero.',
  ],
  sections: [
    {
      id: 'what-is-an-nft',
      title: 'What is an NFT?',
      blocks: [
        p(
          'NFT stands for non-fungible token. "Fungible" things are interchangeable: one dollar is as good as any other dollar. A non-fungible token is unique. It is a record on a blockchain that says "this particular token exists, and this wallet owns it", and it can point to something such as an image, a story or a game character.',
        ),
        p(
          'An NFT does not contain the artwork itself, and owning one does not automatically give you copyright in it. What the owner may do with the linked content is set by the licence that comes with it. For Starborn heroes, that is our [Terms of Service](/terms-of-service).',
        ),
      ],
    },
    {
      id: 'ethereum',
      title: 'Why Ethereum',
      blocks: [
        p(
          '**Ethereum is the blockchain Starborn uses for hero NFTs.** It is the most widely used network for NFTs, with open standards that wallets and marketplaces understand.',
        ),
        ul(
          '**Open standards.** Unique tokens on Ethereum follow the ERC-721 standard, so a hero minted there would be visible in any compatible wallet, not only on Starborn.',
          '**Proof of stake.** Since "The Merge" in September 2022, Ethereum confirms transactions with proof of stake instead of energy-hungry mining, which cut its energy use by more than 99%.',
          '**Longevity.** Ethereum has run continuously since 2015, so a token minted there does not depend on a small network surviving.',
        ),
      ],
    },
    {
      id: 'wallets',
      title: 'Wallets and addresses',
      blocks: [
        p(
          'A wallet is an app or device that holds the keys to your blockchain account. Your public address, a long string that starts with "0x", is like an account number: you can share it safely, and tokens can be sent to it. Your secret recovery phrase is like the master key: whoever has it controls everything in the wallet.',
        ),
        p(
          'At checkout, Starborn lets you enter an optional wallet address, "For storing your hero as an NFT in the future (not required)". We only store the address. We never ask for your recovery phrase or private key, and we never ask you to connect or sign anything.',
        ),
        note(
          'Starborn staff will never ask for your recovery phrase, private key or a signature, by email, chat, Discord or anywhere else. Anyone who does is trying to steal from you.',
          'Stay safe',
        ),
      ],
    },
    {
      id: 'gas',
      title: 'Gas fees',
      blocks: [
        p(
          'Every change on Ethereum, such as minting or transferring a token, costs a network fee called gas, paid in ether (ETH) to the validators who process it. The fee changes with how busy the network is. When hero NFTs arrive, we will show any fee clearly before you confirm anything.',
        ),
      ],
    },
    {
      id: 'starborn-today',
      title: 'What Starborn does today',
      blocks: [
        ul(
          'Your heroes, their images, backstories and chapters are stored by Starborn, not on a blockchain.',
          'Premium heroes can already be downloaded and shared with a link, with no wallet needed.',
          'No NFTs are minted or sold yet, and no cryptocurrency is needed or accepted. Payments are made by card.',
          'A hero has a place for an NFT id, which stays empty until the marketplace launches.',
        ),
      ],
    },
    {
      id: 'marketplace',
      title: 'The Starborn marketplace: coming soon',
      blocks: [
        p(
          'We are preparing a marketplace where owners of premium heroes will be able to mint their hero on Ethereum and, if they wish, trade it with other collectors. It is **coming soon** and is not available yet. It will launch with its own terms, clear fees and a walkthrough, and minting will always be optional.',
        ),
        p(
          'Collectibles are for fun and for fans. A hero NFT is not an investment, and its value can go down as well as up, or disappear.',
        ),
      ],
    },
    {
      id: 'glossary',
      title: 'Glossary',
      blocks: [
        {
          type: 'table',
          caption: 'NFT terms in one line each',
          head: ['Term', 'Meaning'],
          rows: [
            ['Blockchain', 'A shared public ledger that many computers keep in agreement'],
            ['Ethereum', 'The blockchain Starborn uses for hero NFTs; its currency is ether (ETH)'],
            ['NFT', 'A unique token on a blockchain that points to a digital item'],
            ['ERC-721', 'The Ethereum standard for unique tokens, understood by wallets and marketplaces'],
            ['Minting', 'Creating a new token on the blockchain'],
            ['Wallet', 'An app or device that holds the keys to your blockchain account'],
            ['Gas', 'The network fee for a transaction on Ethereum'],
          ],
        },
      ],
    },
  ],
};
