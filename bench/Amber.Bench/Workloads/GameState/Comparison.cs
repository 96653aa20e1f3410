using System.Collections.Generic;
using System;
using Amber.Bench.Workloads.Game;
using Engine;

namespace Amber.Bench.Workloads
{
    public sealed partial class GameStateWorkload
    {
        /// <summary>The save as generated: each EquippedWeapon is one of its character's inventory items (identity checked where the serializer keeps references).</summary>
        public static void Compare(Comparer c, GameState e, GameState a) => Compare(c, e, a, weaponsShared: true);

        /// <summary>
        /// The save with each EquippedWeapon a separate object equal to its inventory item
        /// (<see cref="GameStateNoShareWorkload"/>): the weapon is compared member by member, and the
        /// original must not share it with the inventory.
        /// </summary>
        public static void CompareWithoutSharing(Comparer c, GameState e, GameState a) => Compare(c, e, a, weaponsShared: false);

        private static void Compare(Comparer c, GameState e, GameState a, bool weaponsShared)
        {
            void Character(Comparer c, string p, GameCharacter e, GameCharacter a) => CompareCharacter(c, p, e, a, weaponsShared);
            c.Object("", e, a, (c, p, e, a) =>
            {
                c.Equal("SaveVersion", e.SaveVersion, a.SaveVersion);
                c.Equal("SaveSlot", e.SaveSlot, a.SaveSlot);
                c.Equal("GameVersion", e.GameVersion, a.GameVersion);
                c.Time("SavedAt", e.SavedAt, a.SavedAt);
                c.Equal("PlayTime", e.PlayTime, a.PlayTime);
                c.Equal("CurrentRoomId", e.CurrentRoomId, a.CurrentRoomId);
                c.Object("Player", e.Player, a.Player, Character);
                c.Sequence("Characters", e.Characters, a.Characters, Character);
                c.Sequence("Rooms", e.Rooms, a.Rooms, CompareRoom);
                c.Sequence("Quests", e.Quests, a.Quests, CompareQuest);
                c.MapValues("QuestFlags", e.QuestFlags, a.QuestFlags);
                c.Map("Variables", e.Variables, a.Variables, CompareVariable);
                c.Object("Camera", e.Camera, a.Camera, (c, p, e, a) =>
                {
                    CompareVector(c, p + ".Position", e.Position, a.Position);
                    c.Equal(p + ".Zoom", e.Zoom, a.Zoom);
                    CompareColor(c, p + ".Fade", e.Fade, a.Fade);
                    c.Equal(p + ".FollowCharacterId", e.FollowCharacterId, a.FollowCharacterId);
                });
                c.SeqValues("Journal", e.Journal, a.Journal);
            });
        }

        private static void CompareVector(Comparer c, string p, Vector2 e, Vector2 a)
        {
            c.Equal(p + ".X", e.X, a.X);
            c.Equal(p + ".Y", e.Y, a.Y);
        }

        private static void CompareColor(Comparer c, string p, Color e, Color a)
        {
            c.Equal(p + ".R", e.R, a.R);
            c.Equal(p + ".G", e.G, a.G);
            c.Equal(p + ".B", e.B, a.B);
            c.Equal(p + ".A", e.A, a.A);
        }

        /// <summary>An object value: the same type (a long stays a long, a whole double a double) and an equal value.</summary>
        private static void CompareVariable(Comparer c, string p, object e, object a)
        {
            if (e.GetType() != a?.GetType()) c.Fail(p, $"expected a {e.GetType().Name}, got {(a == null ? "null" : "a " + a.GetType().Name)}");
            else c.Equal(p, e, a);
        }

        /// <summary>A GameItem-typed member: null on both sides, or the same derived type with the same members.</summary>
        private static void CompareItem(Comparer c, string p, GameItem? e, GameItem? a) => c.Polymorphic(p, e, a, (c, p, e, a) =>
        {
            c.Equal(p + ".Id", e.Id, a.Id);
            c.Equal(p + ".Name", e.Name, a.Name);
            c.Equal(p + ".Description", e.Description, a.Description);
            c.Equal(p + ".Sprite", e.Sprite, a.Sprite);
            CompareVector(c, p + ".Position", e.Position, a.Position);
            CompareColor(c, p + ".Tint", e.Tint, a.Tint);
            c.Equal(p + ".Value", e.Value, a.Value);
            c.Equal(p + ".Weight", e.Weight, a.Weight);
            c.Equal(p + ".IsQuestItem", e.IsQuestItem, a.IsQuestItem);
            switch (e)
            {
                case WeaponItem w:
                    var aw = (WeaponItem)a;
                    c.Equal(p + ".Damage", w.Damage, aw.Damage);
                    c.Equal(p + ".DamageType", w.DamageType, aw.DamageType);
                    if (w is RangedWeaponItem r)
                    {
                        var ar = (RangedWeaponItem)a;
                        c.Equal(p + ".Range", r.Range, ar.Range);
                        c.Equal(p + ".Ammo", r.Ammo, ar.Ammo);
                    }
                    break;
                case KeyItem k:
                    var ak = (KeyItem)a;
                    c.Equal(p + ".DoorId", k.DoorId, ak.DoorId);
                    c.Equal(p + ".ConsumedOnUse", k.ConsumedOnUse, ak.ConsumedOnUse);
                    break;
                case ContainerItem box:
                    var abox = (ContainerItem)a;
                    c.Equal(p + ".Capacity", box.Capacity, abox.Capacity);
                    c.Equal(p + ".IsLocked", box.IsLocked, abox.IsLocked);
                    c.Equal(p + ".KeyId", box.KeyId, abox.KeyId);
                    c.Sequence(p + ".Contents", box.Contents, abox.Contents, CompareItem);
                    break;
                case ConsumableItem food:
                    var afood = (ConsumableItem)a;
                    c.Equal(p + ".HealAmount", food.HealAmount, afood.HealAmount);
                    c.Equal(p + ".Charges", food.Charges, afood.Charges);
                    break;
                case DocumentItem d:
                    c.Equal(p + ".Text", d.Text, ((DocumentItem)a).Text);
                    break;
                case TrinketItem:
                    break;
                default:
                    c.Fail(p, "no comparison for " + e.GetType().Name);
                    break;
            }
        });

        private static void CompareCharacter(Comparer c, string p, GameCharacter e, GameCharacter a, bool weaponShared)
        {
            c.Object(p, e, a, (c, p, e, a) =>
            {
                c.Equal(p + ".Id", e.Id, a.Id);
                c.Equal(p + ".Name", e.Name, a.Name);
                c.Equal(p + ".RoomId", e.RoomId, a.RoomId);
                CompareVector(c, p + ".Position", e.Position, a.Position);
                c.Equal(p + ".Facing", e.Facing, a.Facing);
                CompareColor(c, p + ".Tint", e.Tint, a.Tint);
                c.Equal(p + ".Health", e.Health, a.Health);
                c.Equal(p + ".MaxHealth", e.MaxHealth, a.MaxHealth);
                c.Equal(p + ".Gold", e.Gold, a.Gold);
                c.Equal(p + ".Mood", e.Mood, a.Mood);
                c.Equal(p + ".Level", e.Level, a.Level);
                c.Equal(p + ".Experience", e.Experience, a.Experience);
                c.Sequence(p + ".Inventory", e.Inventory, a.Inventory, CompareItem);
                CompareItem(c, p + ".EquippedWeapon", e.EquippedWeapon, a.EquippedWeapon);
                if (e.EquippedWeapon != null && a.EquippedWeapon != null)
                {
                    int shared = e.Inventory.FindIndex(item => ReferenceEquals(item, e.EquippedWeapon));
                    if (!weaponShared)
                    {
                        if (shared >= 0) c.Fail(p + ".EquippedWeapon", "an inventory item in the original, where this save holds a separate copy (a bug in the workload)");
                    }
                    else if (shared < 0) c.Fail(p + ".EquippedWeapon", "not an inventory item in the original (a bug in the workload)");
                    else if (shared < a.Inventory.Count) c.SameInstance(p + ".EquippedWeapon", e.EquippedWeapon, e.Inventory[shared], a.EquippedWeapon, a.Inventory[shared]);
                }
                c.Equal(p + ".DialogueNode", e.DialogueNode, a.DialogueNode);
                c.SeqValues(p + ".DialogueSeen", e.DialogueSeen, a.DialogueSeen);
                c.MapValues(p + ".Stats", e.Stats, a.Stats);
                c.MapValues(p + ".Relationships", e.Relationships, a.Relationships);
                c.Map(p + ".Memory", e.Memory, a.Memory, CompareVariable);
                c.Sequence(p + ".PatrolPath", e.PatrolPath, a.PatrolPath, CompareVector);
            });
        }

        private static void CompareRoom(Comparer c, string p, Room e, Room a)
        {
            c.Object(p, e, a, (c, p, e, a) =>
            {
                c.Equal(p + ".Id", e.Id, a.Id);
                c.Equal(p + ".Name", e.Name, a.Name);
                c.Equal(p + ".Description", e.Description, a.Description);
                c.Equal(p + ".Music", e.Music, a.Music);
                CompareVector(c, p + ".Size", e.Size, a.Size);
                CompareColor(c, p + ".Ambient", e.Ambient, a.Ambient);
                c.Equal(p + ".Fog.HasValue", e.Fog.HasValue, a.Fog.HasValue);
                if (e.Fog.HasValue && a.Fog.HasValue) CompareColor(c, p + ".Fog", e.Fog.Value, a.Fog.Value);
                c.Equal(p + ".Visited", e.Visited, a.Visited);
                c.Equal(p + ".VisitCount", e.VisitCount, a.VisitCount);
                c.Sequence(p + ".Exits", e.Exits, a.Exits, (c, p, e, a) => c.Object(p, e, a, (c, p, e, a) =>
                {
                    c.Equal(p + ".Direction", e.Direction, a.Direction);
                    c.Equal(p + ".TargetRoomId", e.TargetRoomId, a.TargetRoomId);
                    CompareVector(c, p + ".Position", e.Position, a.Position);
                    c.Equal(p + ".DoorId", e.DoorId, a.DoorId);
                    c.Equal(p + ".IsLocked", e.IsLocked, a.IsLocked);
                    c.Equal(p + ".IsHidden", e.IsHidden, a.IsHidden);
                }));
                c.Sequence(p + ".Props", e.Props, a.Props, (c, p, e, a) => c.Object(p, e, a, (c, p, e, a) =>
                {
                    c.Equal(p + ".Id", e.Id, a.Id);
                    c.Equal(p + ".Sprite", e.Sprite, a.Sprite);
                    CompareVector(c, p + ".Position", e.Position, a.Position);
                    CompareVector(c, p + ".Scale", e.Scale, a.Scale);
                    c.Equal(p + ".Rotation", e.Rotation, a.Rotation);
                    CompareColor(c, p + ".Tint", e.Tint, a.Tint);
                    c.Equal(p + ".Layer", e.Layer, a.Layer);
                    c.Equal(p + ".Visible", e.Visible, a.Visible);
                    c.Equal(p + ".Interaction", e.Interaction, a.Interaction);
                }));
                c.Sequence(p + ".Items", e.Items, a.Items, CompareItem);
                c.Map(p + ".Variables", e.Variables, a.Variables, CompareVariable);
            });
        }

        private static void CompareQuest(Comparer c, string p, Quest e, Quest a)
        {
            c.Object(p, e, a, (c, p, e, a) =>
            {
                c.Equal(p + ".Id", e.Id, a.Id);
                c.Equal(p + ".Title", e.Title, a.Title);
                c.Equal(p + ".Description", e.Description, a.Description);
                c.Equal(p + ".Status", e.Status, a.Status);
                c.Equal(p + ".Stage", e.Stage, a.Stage);
                c.Time(p + ".StartedAt", e.StartedAt, a.StartedAt);
                c.Time(p + ".CompletedAt", e.CompletedAt, a.CompletedAt);
                c.Sequence(p + ".Steps", e.Steps, a.Steps, (c, p, e, a) => c.Object(p, e, a, (c, p, e, a) =>
                {
                    c.Equal(p + ".Id", e.Id, a.Id);
                    c.Equal(p + ".Text", e.Text, a.Text);
                    c.Equal(p + ".Done", e.Done, a.Done);
                    c.Equal(p + ".Hint", e.Hint, a.Hint);
                }));
                c.Equal(p + ".RewardItemId", e.RewardItemId, a.RewardItemId);
            });
        }
    }
}
