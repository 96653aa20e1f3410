using System.Collections.Generic;
using System.Globalization;
using System;
using Amber.Bench.Workloads.Boot;

namespace Amber.Bench.Workloads
{
    /// <summary>
    /// Builds a boot response of exactly N top-level complex objects (items, offers, missions, mails,
    /// friends, leaderboard entries, live events) from a seeded Random; every nullable member is null
    /// in some objects and set in others.
    /// </summary>
    internal sealed class BootPayloadGenerator
    {
        private static readonly string[] Adjectives = { "Ancient", "Blazing", "Frozen", "Gilded", "Shadow", "Storm", "Verdant", "Runed", "Savage", "Celestial", "Hollow", "Crimson" };

        private static readonly string[] Nouns = { "Fang", "Oath", "Warden", "Tempest", "Ember", "Bastion", "Whisper", "Crown", "Talon", "Aegis", "Requiem", "Harbinger" };

        private static readonly string[] Tags = { "pvp", "pve", "raid", "event", "tradeable", "bound", "upgradeable", "set_bonus", "limited", "crafted" };

        private static readonly string[] PlayerNames =
        {
            "DragonSlayer99", "xX_Nyx_Xx", "MoonBlade", "CaptainKale", "Sir Reginald", "ぽよぽよ", "Ñandú", "Ragnarök", "ShadowFox", "Lumière",
            "GrimReaper", "PixelWitch", "Oxbow", "Tofu_King", "Zephyrine", "Krakenbane", "lil_bard", "Valkyrja", "Seraphim", "NoScope",
        };

        private static readonly string[] Guilds = { "Knights of Dawn", "The Iron Fist", "Moonlit Order", "Tavern Regulars", "Void Walkers", "Crimson Pact" };

        private static readonly string[] Countries = { "US", "DE", "BR", "JP", "KR", "FR", "GB", "ES", "TR", "PL", "MX", "ID" };

        private readonly Random _r;
        private readonly DateTime _now = new DateTime(2026, 2, 3, 9, 15, 30, DateTimeKind.Utc).AddTicks(1_234_567);
        private long _nextId = 9_000_000_000L;

        public BootPayloadGenerator(Random random) => _r = random;

        private T Pick<T>(T[] items) => items[_r.Next(items.Length)];

        /// <summary>True in most objects: the member is set; otherwise it stays null.</summary>
        private bool Some(double p = 0.6) => _r.NextDouble() < p;

        private static string Inv(FormattableString s) => s.ToString(CultureInfo.InvariantCulture);

        private DateTime Past(int maxDays) => _now.AddSeconds(-_r.Next(maxDays * 86_400));

        private DateTime Future(int maxDays) => _now.AddSeconds(_r.Next(maxDays * 86_400));

        private void Entity(Entity e, string key)
        {
            e.Id = _nextId++;
            e.Key = key;
            e.CreatedAt = Past(400);
            e.UpdatedAt = Some() ? Past(30) : null;
        }

        private void ItemMembers(Item item, string kind)
        {
            string name = Pick(Adjectives) + " " + Pick(Nouns);
            Entity(item, Inv($"{kind}_{name.ToLowerInvariant().Replace(' ', '_')}_{_r.Next(100):00}"));
            item.Name = name;
            item.Description = Some() ? Inv($"Forged in the {Pick(new[] { "fires of Mount Ash", "frost caves of Vel", "sunken temple", "royal armoury", "wandering merchant's cart" })}. {Pick(new[] { "Favoured by duelists.", "Hums faintly at night.", "Grows stronger with every victory.", "A relic of the old war." })}") : null;
            item.Rarity = (Rarity)_r.Next(5);
            item.Level = 1 + _r.Next(80);
            item.IconUrl = Inv($"https://cdn.example-game.com/icons/{kind}/{item.Key}.png");
            if (Some())
            {
                item.Tags = new List<string>();
                int n = 1 + _r.Next(4);
                for (int i = 0; i < n; i++) item.Tags.Add(Pick(Tags));
            }
            if (Some())
            {
                item.Stats = new Dictionary<string, int>();
                foreach (string stat in new[] { "strength", "agility", "intellect", "stamina", "haste" })
                {
                    if (Some(0.5)) item.Stats[stat] = 1 + _r.Next(60);
                }
            }
        }

        /// <summary>Any kind of item, as an inventory or a reward holds them.</summary>
        private Item NewAnyItem()
        {
            double roll = _r.NextDouble();
            return roll < 0.35 ? NewWeapon() : roll < 0.65 ? NewArmor() : roll < 0.9 ? NewConsumable() : NewCurrency();
        }

        private Weapon NewWeapon()
        {
            var w = new Weapon();
            ItemMembers(w, "weapon");
            w.Damage = 10 + _r.Next(500);
            w.Class = (WeaponClass)_r.Next(6);
            w.CritChance = _r.Next(0, 400) / 1000.0;
            w.Element = Some() ? (Element)_r.Next(6) : null;
            w.Durability = Some() ? 50 + _r.Next(200) : null;
            return w;
        }

        private Armor NewArmor()
        {
            var a = new Armor();
            ItemMembers(a, "armor");
            a.Defense = 5 + _r.Next(300);
            a.Slot = (ArmorSlot)_r.Next(6);
            a.Durability = Some() ? 50 + _r.Next(200) : null;
            if (Some(0.5))
            {
                a.Resistances = new Dictionary<Element, int>();
                int n = 1 + _r.Next(3);
                for (int i = 0; i < n; i++) a.Resistances[(Element)_r.Next(6)] = 5 + _r.Next(40);
            }
            return a;
        }

        private Consumable NewConsumable()
        {
            var c = new Consumable();
            ItemMembers(c, "consumable");
            c.Effect = (EffectKind)_r.Next(6);
            c.Potency = 10 + _r.Next(500);
            c.Duration = Some() ? TimeSpan.FromSeconds(30 * (1 + _r.Next(120))) : null;
            c.MaxStack = Pick(new[] { 1, 10, 50, 99, 999 });
            return c;
        }

        private Currency NewCurrency(CurrencyKind? kind = null)
        {
            var c = new Currency();
            ItemMembers(c, "currency");
            c.Kind = kind ?? (CurrencyKind)_r.Next(4);
            c.Name = c.Kind.ToString();
            c.Premium = c.Kind == CurrencyKind.Gems;
            c.Cap = Some() ? 1_000_000L * (1 + _r.Next(100)) : null;
            return c;
        }

        private Reward<T> NewReward<T>(T item) where T : Item => new Reward<T>
        {
            Item = item,
            Quantity = 1 + _r.Next(item is Currency ? 5000 : 5),
            Source = (RewardSource)_r.Next(7),
            DropChance = Some() ? _r.Next(1, 1000) / 1000.0 : null,
            ExpiresAt = Some(0.4) ? Future(30) : null,
            Message = Some(0.5) ? Pick(new[] { "Thanks for playing!", "Season reward", "Compensation for yesterday's downtime", "Welcome back, hero!", "Limited time only" }) : null,
        };

        private Ranged<int> Levels()
        {
            int min = 1 + _r.Next(50);
            return new Ranged<int> { Min = min, Max = min + _r.Next(50) };
        }

        private PublicProfile FillProfile(PublicProfile profile)
        {
            string name = Pick(PlayerNames) + (Some(0.5) ? Inv($"{_r.Next(1000)}") : "");
            Entity(profile, Inv($"player_{_r.Next(100_000_000):00000000}"));
            profile.DisplayName = name;
            profile.Level = 1 + _r.Next(100);
            profile.AvatarUrl = Some() ? Inv($"https://cdn.example-game.com/avatars/{_r.Next(500)}.png") : null;
            profile.GuildName = Some(0.5) ? Pick(Guilds) : null;
            profile.CountryCode = Some(0.8) ? Pick(Countries) : null;
            profile.ArenaRank = Some(0.5) ? 1 + _r.Next(100_000) : null;
            return profile;
        }

        public BootResponse Create(int objects)
        {
            var response = new BootResponse
            {
                ServerVersion = "2026.2.1-hotfix3 (a1b9c4e)",
                ServerTime = _now,
                SessionId = EnvelopeGenerator.NewGuid(_r),
                MaintenanceMessage = "Scheduled maintenance on Thursday: new raid, balance changes and bug fixes.",
                MaintenanceWindow = new Ranged<DateTime> { Min = _now.AddDays(2), Max = _now.AddDays(2).AddHours(3) },
                FeatureFlags = new Dictionary<string, bool> { ["guild_wars"] = true, ["new_shop_ui"] = false, ["cross_play"] = true, ["pet_system"] = false },
            };

            var player = (PlayerProfile)FillProfile(new PlayerProfile());
            player.Email = null;
            player.Platform = DevicePlatform.Android;
            player.Experience = 1_234_567;
            player.VipLevel = 4;
            foreach (CurrencyKind kind in Enum.GetValues<CurrencyKind>()) player.Balances[kind] = _r.Next(1_000_000);
            player.BannedUntil = null;
            player.UnlockedFeatures.AddRange(new[] { "arena", "guilds", "crafting", "daily_dungeon", "world_boss", "pets" });
            player.Settings["music_volume"] = 70;
            player.Settings["sfx_volume"] = 85;
            player.Settings["graphics_quality"] = 2;
            player.Settings["push_notifications"] = 1;
            response.Player = player;

            foreach (CurrencyKind kind in Enum.GetValues<CurrencyKind>()) response.Wallet[kind] = NewCurrency(kind);

            // N top-level objects, in fixed shares; the leaderboard takes what rounding leaves.
            int Share(int percent) => Math.Max(1, objects * percent / 100);
            int items = Share(45), offers = Share(8), missions = Share(10), mails = Share(12), friends = Share(10), events = Share(3);
            int leaderboard = Math.Max(1, objects - (items + offers + missions + mails + friends + events));

            // The inventory mixes every kind of item in one list, in a seeded order.
            for (int i = 0; i < items; i++) response.Inventory.Add(NewAnyItem());
            foreach (EquipSlot slot in Enum.GetValues<EquipSlot>())
            {
                // A slot holds what fits it, or nothing: null values in a polymorphic dictionary.
                response.Loadout[slot] = !Some(0.75) ? null
                    : slot is EquipSlot.MainHand ? NewWeapon()
                    : slot is EquipSlot.OffHand ? (Some(0.5) ? NewWeapon() : NewArmor())
                    : slot is EquipSlot.Trinket ? NewConsumable()
                    : NewArmor();
            }
            for (int i = 0; i < offers; i++) response.Offers.Add(NewOffer(i));
            for (int i = 0; i < missions; i++)
            {
                double roll = _r.NextDouble();
                response.Missions.Add(roll < 0.45 ? NewDailyMission(i) : roll < 0.75 ? NewStoryMission(i) : NewEventMission(i));
            }
            for (int i = 0; i < mails; i++) response.Inbox.Add(NewMail(i));
            for (int i = 0; i < friends; i++) response.Friends.Add(NewFriend());
            response.Leaderboard = new Page<LeaderboardEntry> { Total = leaderboard * 40, PageIndex = 0, NextCursor = Inv($"lb:season12:{leaderboard}") };
            for (int i = 0; i < leaderboard; i++) response.Leaderboard.Items.Add(NewLeaderboardEntry(i));
            for (int i = 0; i < events; i++)
            {
                LiveEvent e = NewLiveEvent(i);
                response.Events[e.Key] = e;
            }

            response.RemoteConfig["store_banner"] = "spring_sale_2026";
            response.RemoteConfig["min_client_version"] = "2026.1.0";
            response.RemoteConfig["ad_frequency_seconds"] = "180";
            response.RemoteConfig["support_url"] = "https://support.example-game.com/hc/en-us";
            response.RemoteConfig["news_feed"] = "https://cdn.example-game.com/news/feed.json";
            response.RemoteConfig["arena_season_end"] = "in 12 days";
            return response;
        }

        private ShopOffer NewOffer(int index)
        {
            var offer = new ShopOffer();
            var kind = (OfferKind)_r.Next(5);
            Entity(offer, Inv($"offer_{kind.ToString().ToLowerInvariant()}_{index}"));
            offer.Title = Inv($"{Pick(Adjectives)} {Pick(new[] { "Starter Pack", "Hero Bundle", "Treasure Chest", "Daily Deal", "Mega Pack", "Season Pass" })}");
            offer.Kind = kind;
            bool real = Some(0.4);
            offer.Price = new Price
            {
                Currency = real ? CurrencyKind.Gems : (CurrencyKind)_r.Next(4),
                Amount = real ? 99 + 100 * _r.Next(50) : 10 * (1 + _r.Next(5000)),
                OriginalAmount = Some(0.5) ? 20 * (1 + _r.Next(5000)) : null,
                StoreSku = real ? Inv($"com.examplegame.{offer.Key}") : null,
            };
            offer.StartsAt = Some() ? Past(10) : null;
            offer.EndsAt = Some() ? Future(14) : null;
            offer.PurchaseLimit = Some(0.5) ? 1 + _r.Next(5) : null;
            offer.LevelRange = Some(0.5) ? Levels() : null;
            if (Some(0.8))
            {
                offer.Contents = new List<Reward<Item>>();
                int n = 1 + _r.Next(4);
                for (int i = 0; i < n; i++) offer.Contents.Add(NewReward(NewAnyItem()));
            }
            offer.Bonus = Some() ? NewReward(NewCurrency()) : null;
            if (Some(0.5))
            {
                offer.Badges = new Dictionary<string, string> { ["corner"] = Pick(new[] { "BEST VALUE", "-50%", "NEW", "HOT" }) };
                if (Some(0.5)) offer.Badges["ribbon"] = Pick(new[] { "Limited!", "Only today", "Most popular" });
            }
            return offer;
        }

        private void MissionMembers(Mission m, string key)
        {
            Entity(m, key);
            string verb = Pick(new[] { "Defeat", "Collect", "Win", "Craft", "Upgrade", "Open" });
            m.Goal = 1 + _r.Next(50);
            m.Title = Inv($"{verb} {m.Goal} {Pick(new[] { "goblins", "arena battles", "ancient shards", "potions", "chests", "dungeon bosses" })}");
            m.Description = Inv($"{m.Title}. {Pick(new[] { "Progress is shared with your guild.", "Only counts on Hard difficulty.", "Any game mode counts.", "Resets at midnight server time." })}");
            m.Progress = _r.Next(m.Goal + 1);
            m.Claimed = m.Progress == m.Goal && Some(0.5);
            int n = 1 + _r.Next(2);
            for (int i = 0; i < n; i++) m.CurrencyRewards.Add(NewReward(NewCurrency()));
            m.ItemReward = Some(0.5) ? NewReward(NewConsumable()) : null;
        }

        private DailyMission NewDailyMission(int index)
        {
            var m = new DailyMission();
            MissionMembers(m, Inv($"mission_daily_{index}"));
            m.Cadence = Some(0.7) ? MissionCadence.Daily : MissionCadence.Weekly;
            m.ResetsAt = _now.Date.AddDays(m.Cadence == MissionCadence.Daily ? 1 : 7);
            m.RerollsLeft = Some() ? _r.Next(3) : null;
            return m;
        }

        private EventMission NewEventMission(int index)
        {
            var m = new EventMission();
            MissionMembers(m, Inv($"mission_event_{index}"));
            m.EventKey = Inv($"event_{_r.Next(10)}");
            m.TokenGoal = 100L * (1 + _r.Next(500));
            m.Tier = Some() ? 1 + _r.Next(10) : null;
            m.TierReward = Some() ? NewReward(NewAnyItem()) : null;
            return m;
        }

        private StoryMission NewStoryMission(int index)
        {
            var m = new StoryMission();
            MissionMembers(m, Inv($"mission_story_{index}"));
            m.Chapter = 1 + index / 5;
            m.PrerequisiteKey = index > 0 && Some() ? Inv($"mission_story_{index - 1}") : null;
            m.WeaponReward = Some(0.5) ? NewReward(NewWeapon()) : null;
            m.ArmorReward = Some(0.5) ? NewReward(NewArmor()) : null;
            return m;
        }

        private Mail NewMail(int index)
        {
            var mail = new Mail();
            Entity(mail, Inv($"mail_{index}"));
            bool system = Some(0.5);
            mail.Subject = system ? Pick(new[] { "Maintenance compensation", "Season rewards", "Welcome gift", "Guild war results" }) : Inv($"Message from {Pick(PlayerNames)}");
            mail.Body = system
                ? Inv($"Dear hero, {Pick(new[] { "thank you for your patience during maintenance.", "the arena season has ended; here are your rewards.", "welcome to the realm!", "your guild fought bravely." })} Claim your rewards before they expire.")
                : Inv($"{Pick(new[] { "gg, rematch tomorrow?", "Can you help with the world boss at 8?", "Join our guild, we raid every night!", "Thanks for the gift :)" })}");
            mail.Sender = system ? null : FillProfile(new PublicProfile());
            mail.Read = Some(0.5);
            mail.ExpiresAt = Some() ? Future(30) : null;
            mail.Gift = Some(0.5) ? NewReward(NewCurrency()) : null;
            if (Some(0.5))
            {
                mail.Grants = new List<Reward<Item>>();
                int n = 1 + _r.Next(3);
                for (int i = 0; i < n; i++) mail.Grants.Add(NewReward(NewAnyItem()));
            }
            return mail;
        }

        private FriendProfile NewFriend()
        {
            var friend = (FriendProfile)FillProfile(new FriendProfile());
            friend.Status = (FriendStatus)_r.Next(4);
            friend.LastOnline = friend.Status == FriendStatus.Online ? null : Past(20);
            friend.Favorite = Some(0.2);
            friend.GiftsSentToday = Some(0.5) ? _r.Next(5) : null;
            return friend;
        }

        private LeaderboardEntry NewLeaderboardEntry(int index)
        {
            var entry = new LeaderboardEntry();
            Entity(entry, Inv($"lb_season12_{index + 1}"));
            entry.Rank = index + 1;
            // A friend on the board shows as the friend's profile: a derived type in a PublicProfile member.
            entry.Player = Some(0.15) ? NewFriend() : FillProfile(new PublicProfile());
            entry.Score = 5_000_000L - index * 137L - _r.Next(137);
            entry.PreviousRank = Some() ? Math.Max(1, index + 1 + _r.Next(-20, 21)) : null;
            entry.SeasonReward = index < 100 || Some(0.2) ? NewReward(NewCurrency(CurrencyKind.Gems)) : null;
            return entry;
        }

        private LiveEvent NewLiveEvent(int index)
        {
            var e = new LiveEvent();
            string name = Inv($"{Pick(new[] { "Festival", "Invasion", "Tournament", "Hunt", "Siege" })} of the {Pick(Adjectives)} {Pick(Nouns)}");
            Entity(e, Inv($"event_{index}_{name.ToLowerInvariant().Replace(' ', '_')}"));
            e.Name = name;
            e.Description = Some() ? Inv($"{Pick(new[] { "Gather tokens from every battle", "Defeat waves of invaders", "Climb the event ladder" })} and exchange them for exclusive rewards. {Pick(new[] { "Ends soon!", "New stages unlock every day.", "Guild bonuses apply." })}") : null;
            DateTime start = Past(5);
            e.Window = new Ranged<DateTime> { Min = start, Max = start.AddDays(7 + _r.Next(14)) };
            e.LevelRange = Some(0.5) ? Levels() : null;
            int milestones = 2 + _r.Next(6);
            for (int m = 1; m <= milestones; m++) e.Milestones[m * 500] = NewReward(NewCurrency());
            e.GrandPrize = Some() ? NewReward(NewWeapon()) : null;
            e.RunnerUpPrize = Some() ? NewReward(NewArmor()) : null;
            e.Rules = Some() ? new List<string> { "Tokens expire when the event ends.", "Rewards are sent by mail within 24 hours.", "Alternate accounts are disqualified." } : null;
            return e;
        }
    }
}
