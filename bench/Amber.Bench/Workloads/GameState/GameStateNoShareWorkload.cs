using System;
using System.Collections.Generic;
using Amber.Bench.Workloads.Game;

namespace Amber.Bench.Workloads
{
    /// <summary>
    /// The gamestate save without shared objects: the same save from the same seed, except that each
    /// character's EquippedWeapon is a separate <see cref="WeaponItem"/> equal in every member to the
    /// inventory item it was (what a serializer without reference tracking brings back from gamestate).
    /// No object is reachable twice, so every serializer runs in its default mode, Amber without
    /// PreserveReferences, and every row is compared member by member with no identity to keep.
    /// </summary>
    public sealed class GameStateNoShareWorkload : Workload
    {
        public override string Name => "gamestate-noshare";

        public override string Description => "the gamestate save with each equipped weapon a separate copy of its inventory item: no object reachable twice, every serializer in its default mode";

        public override IReadOnlyList<string> Footnotes => new[]
        {
            "gamestate-noshare: the gamestate save from the same seed, the one change being that each EquippedWeapon is a separate WeaponItem (or RangedWeaponItem) equal in every member to its inventory item, so no object is reachable twice and each weapon is written twice by every serializer "
                + "(the bytes MemoryPack, MessagePack and protobuf-net write are those of their gamestate rows). Every serializer runs in its default mode for references: Amber without PreserveReferences, System.Text.Json without a ReferenceHandler, Newtonsoft.Json without PreserveReferencesHandling, Nerdbank.MessagePack with PreserveReferences off; "
                + "Orleans has no switch and tracks references as in every workload. Polymorphic items, engine structs and object values are set up as for gamestate. Every row is compared member by member; identity is not part of the comparison.",
        };

        /// <summary>The variables are object values; nothing is shared.</summary>
        public override ShapeNeeds Needs => ShapeNeeds.ObjectValues;

        public override IEnumerable<WorkloadCase> Cases(BenchScale scale, bool sweep)
        {
            GameState state = new GameStateGenerator(new Random(BenchScale.Seed), scale.IsTiny).Create();
            int copies = Unshare(state.Player);
            foreach (GameCharacter c in state.Characters) copies += Unshare(c);
            yield return new WorkloadCase<GameState>(Name, GameStateGenerator.CountObjects(state) + copies, state, GameStateWorkload.CompareWithoutSharing, Needs);
        }

        /// <summary>Replaces the character's equipped weapon with a copy of it; returns the number of objects added (0 or 1).</summary>
        private static int Unshare(GameCharacter character)
        {
            if (character.EquippedWeapon is not WeaponItem shared) return 0;
            WeaponItem copy = shared is RangedWeaponItem ranged ? new RangedWeaponItem { Range = ranged.Range, Ammo = ranged.Ammo } : new WeaponItem();
            copy.Id = shared.Id;
            copy.Name = shared.Name;
            copy.Description = shared.Description;
            copy.Sprite = shared.Sprite;
            copy.Position = shared.Position;
            copy.Tint = shared.Tint;
            copy.Value = shared.Value;
            copy.Weight = shared.Weight;
            copy.IsQuestItem = shared.IsQuestItem;
            copy.Damage = shared.Damage;
            copy.DamageType = shared.DamageType;
            character.EquippedWeapon = copy;
            return 1;
        }
    }
}
