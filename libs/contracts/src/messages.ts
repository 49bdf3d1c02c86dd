import type {
  AuthSession,
  ChangePasswordCommand,
  GetUserCommand,
  LoginCommand,
  RegisterCommand,
  UpdateProfileCommand,
  UserDto,
} from './auth.js';
import type { HealthCommand, ServiceHealth } from './health.js';
import type {
  ArtVersionDto,
  ArtVersionsDto,
  ChooseArtCommand,
  CreateHeroCommand,
  GenerateHeroCommand,
  HeroDto,
  HeroGeneratedEvent,
  HeroGenerationFailedEvent,
  HeroArtQuery,
  HeroProfileDto,
  HeroQuery,
  ListHeroesQuery,
  PaymentStatus,
} from './heroes.js';
import type {
  CheckoutCommand,
  CheckoutQuoteQuery,
  ConfirmLocalPaymentCommand,
  CreatePaymentIntentCommand,
  PaymentIntentDto,
  PaymentSucceededEvent,
  PaymentType,
  PriceQuote,
  RefundPaymentCommand,
  StripeWebhookCommand,
  SucceededPaymentQuery,
} from './payments.js';
import { defineCommand as command, defineEvent as event } from './registry.js';
import type {
  CreateShareCommand,
  DeactivateShareCommand,
  DownloadManifest,
  DownloadQuery,
  ListSharesQuery,
  SharePreviewDto,
  SharePreviewQuery,
  OpenShareQuery,
  SharedHeroDto,
  ShareLinkDto,
} from './shares.js';
import type {
  BookChaptersDto,
  ChapterGeneratedEvent,
  ChapterIllustratedEvent,
  ChapterIllustrationFailedEvent,
  ChapterGenerationFailedEvent,
  HeroCompletedEvent,
  StoryBookQuery,
  StoryBookView,
  StoryContextDto,
  StoryContextQuery,
  UnlockAfterPaymentCommand,
  UnlockChaptersCommand,
} from './storybook.js';
import type {
  ChatMessageDto,
  CloseRoomCommand,
  CreateRoomCommand,
  JoinRoomCommand,
  LeaveRoomCommand,
  NarratorContext,
  NarratorFailedEvent,
  NarratorRepliedEvent,
  RoomDetailDto,
  RoomJoinedDto,
  RoomListItem,
  ListActiveRoomsQuery,
  RoomQuery,
  RemoveRoomHeroCommand,
  SendRoomMessageCommand,
  UpdateRoomCommand,
} from './rooms.js';
import type { CreateSupportRequestCommand, SupportRequestDto } from './support.js';
import type { DeleteUserCommand, UserDeletedDto, UserDeletedEvent } from './user-deletion.js';
import type {
  AccountExport,
  ExportUserQuery,
  HeroesExport,
  PaymentsExport,
  RoomMessagesExport,
  StorybooksExport,
} from './user-export.js';
import type { BackendService } from './services.js';

/**
 * Every message of Starborn: name → owning service (or subscribers) → payload type → reply type.
 * Nothing else in the code base spells a message or queue name.
 */
export const messages = {
  'auth.health': command<HealthCommand, ServiceHealth>('auth'),
  'auth.register': command<RegisterCommand, AuthSession>('auth'),
  'auth.login': command<LoginCommand, AuthSession>('auth'),
  'auth.get-user': command<GetUserCommand, UserDto>('auth'),
  'auth.update-profile': command<UpdateProfileCommand, UserDto>('auth'),
  'auth.change-password': command<ChangePasswordCommand, AuthSession>('auth'),

  'auth.create-support-request': command<CreateSupportRequestCommand, SupportRequestDto>('auth'),

  'heroes.health': command<HealthCommand, ServiceHealth>('heroes'),
  'heroes.create': command<CreateHeroCommand, HeroDto>('heroes'),
  'heroes.get': command<HeroQuery, HeroDto>('heroes'),
  'heroes.list': command<ListHeroesQuery, HeroDto[]>('heroes'),
  'heroes.generate': command<GenerateHeroCommand, HeroDto>('heroes'),
  'heroes.generation-profile': command<{ heroId: string }, HeroProfileDto>('heroes'),
  // A premium hero's art made anew (at most ART_RECREATIONS_MAX times), its versions, the one shown.
  'heroes.art-recreate': command<HeroArtQuery, ArtVersionDto>('heroes'),
  'heroes.art-versions': command<HeroArtQuery, ArtVersionsDto>('heroes'),
  'heroes.art-choose': command<ChooseArtCommand, HeroDto>('heroes'),
  'heroes.share-create': command<CreateShareCommand, ShareLinkDto>('heroes'),
  'heroes.share-open': command<OpenShareQuery, SharedHeroDto>('heroes'),
  // The gateway's share page HTML and card image: an active share's preview, no view counted.
  'heroes.share-preview': command<SharePreviewQuery, SharePreviewDto>('heroes'),
  'heroes.shares-list': command<ListSharesQuery, ShareLinkDto[]>('heroes'),
  'heroes.share-deactivate': command<DeactivateShareCommand, ShareLinkDto>('heroes'),
  'heroes.download-manifest': command<DownloadQuery, DownloadManifest>('heroes'),
  'hero.generated': event<HeroGeneratedEvent>('heroes'),
  'hero.generation-failed': event<HeroGenerationFailedEvent>('heroes'),
  // Emitted by heroes once a generation completed: storybook creates the hero's story.
  'hero.completed': event<HeroCompletedEvent>('storybook'),
  // Premium: set-premium grants only what payments.find-succeeded confirms; payment-context tells payments the hero's state.
  'heroes.set-premium': command<{ userId: string; heroId: string }, HeroDto>('heroes'),
  'heroes.payment-context': command<
    { userId: string; heroId: string },
    { premiumStory: boolean; paymentStatus: PaymentStatus }
  >('heroes'),

  'generation.health': command<HealthCommand, ServiceHealth>('generation'),
  'payments.health': command<HealthCommand, ServiceHealth>('payments'),
  'payments.quote': command<{ paymentType: PaymentType; premiumStory: boolean }, PriceQuote>('payments'),
  'payments.create-intent': command<CreatePaymentIntentCommand, PaymentIntentDto>('payments'),
  // A user's checkout: payments decides what may be sold for the hero and at which price (asking heroes
  // and storybook), then opens the intent as create-intent does.
  'payments.checkout': command<CheckoutCommand, PaymentIntentDto>('payments'),
  // The checkout's price with the same sale rules, opening nothing (the page shows it before Pay).
  'payments.checkout-quote': command<CheckoutQuoteQuery, PriceQuote>('payments'),
  'payments.confirm-local': command<ConfirmLocalPaymentCommand, PaymentIntentDto>('payments'),
  'payments.stripe-webhook': command<StripeWebhookCommand, { received: true; applied: boolean }>('payments'),
  'payments.find-succeeded': command<SucceededPaymentQuery, PaymentIntentDto | null>('payments'),
  // Every succeeded payment of this user for this hero and type, oldest first.
  'payments.list-succeeded': command<SucceededPaymentQuery, PaymentIntentDto[]>('payments'),
  // Refunds a succeeded payment (idempotent): storybook refuses a chapter pack paid at an outdated price.
  'payments.refund': command<RefundPaymentCommand, PaymentIntentDto>('payments'),
  // Durable; the payment intent id is the event id. heroes applies premium_upgrade; storybook promotes the
  // story (premium_upgrade) and records chapter packs (chapters).
  'payment.succeeded': event<PaymentSucceededEvent>('heroes', 'storybook'),

  'storybook.health': command<HealthCommand, ServiceHealth>('storybook'),
  'storybook.get': command<StoryBookQuery, StoryBookView>('storybook'),
  'storybook.unlock': command<UnlockChaptersCommand, StoryBookView>('storybook'),
  'storybook.unlock-after-payment': command<UnlockAfterPaymentCommand, StoryBookView>('storybook'),
  // The writer of a chapter asks for the story plan and the chapters before it.
  'storybook.story-context': command<StoryContextQuery, StoryContextDto>('storybook'),
  'chapter.generated': event<ChapterGeneratedEvent>('storybook'),
  'chapter.generation-failed': event<ChapterGenerationFailedEvent>('storybook'),
  // The export's chapters with their illustrations' storage keys (the owner's premium story only).
  'storybook.book-chapters': command<StoryBookQuery, BookChaptersDto>('storybook'),
  'chapter.illustrated': event<ChapterIllustratedEvent>('storybook'),
  'chapter.illustration-failed': event<ChapterIllustrationFailedEvent>('storybook'),
  'rooms.health': command<HealthCommand, ServiceHealth>('rooms'),
  // The gateway checks the creator's hero (owner, premium) with heroes first; rooms trusts a RoomHeroRef.
  'rooms.create': command<CreateRoomCommand, { roomId: string }>('rooms'),
  // Active rooms, newest activity first, without counts (the gateway adds live counts from socket.io).
  'rooms.list-active': command<ListActiveRoomsQuery, RoomListItem[]>('rooms'),
  'rooms.get': command<RoomQuery, RoomDetailDto>('rooms'),
  'rooms.join': command<JoinRoomCommand, RoomJoinedDto>('rooms'),
  'rooms.leave': command<LeaveRoomCommand, { left: true }>('rooms'),
  'rooms.send': command<SendRoomMessageCommand, ChatMessageDto>('rooms'),
  // The host's owner changes the room; rooms checks who asks, the gateway only passes the signed-in user.
  'rooms.update': command<UpdateRoomCommand, RoomDetailDto>('rooms'),
  'rooms.remove-hero': command<RemoveRoomHeroCommand, RoomDetailDto>('rooms'),
  'rooms.close': command<CloseRoomCommand, RoomDetailDto>('rooms'),
  'rooms.narrator-context': command<{ roomId: string; intro: boolean }, NarratorContext>('rooms'),
  'narrator.replied': event<NarratorRepliedEvent>('rooms'),
  'narrator.failed': event<NarratorFailedEvent>('rooms'),

  // A user's data export (GET /api/user/export): the gateway asks every owner for its part at once.
  'auth.export-user': command<ExportUserQuery, AccountExport>('auth'),
  'heroes.export-user': command<ExportUserQuery, HeroesExport>('heroes'),
  'storybook.export-user': command<ExportUserQuery, StorybooksExport>('storybook'),
  'rooms.export-user': command<ExportUserQuery, RoomMessagesExport>('rooms'),
  'payments.export-user': command<ExportUserQuery, PaymentsExport>('payments'),

  // DELETE /api/user: auth checks the password, deletes the account and emits user.deleted (durable,
  // the user id is the event id; a sweep re-emits a deletion whose event never reached the bus).
  'auth.delete-user': command<DeleteUserCommand, UserDeletedDto>('auth'),
  'user.deleted': event<UserDeletedEvent>('heroes', 'storybook', 'rooms', 'payments'),
} as const;

export type Messages = typeof messages;

/** The health command of each backend service. */
export const healthCommand = <S extends BackendService>(service: S) => `${service}.health` as `${S}.health`;
