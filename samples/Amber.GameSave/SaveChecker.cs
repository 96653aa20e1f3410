using System;
using System.Collections.Generic;
using GameEngine;

namespace GameSave
{
    /// <summary>
    /// Compares a loaded save with the one that was written, member by member, written out by hand so
    /// that a member the serializer dropped cannot hide behind a shared Equals. Records every difference
    /// with its path (the first few are kept for the report).
    /// </summary>
    public sealed class SaveChecker
    {
        private const int Kept = 20;

        private readonly List<string> _differences = new List<string>();

        public int DifferenceCount { get; private set; }

        public int Compared { get; private set; }

        public IReadOnlyList<string> Differences => _differences;

        public bool Check(SaveGame expected, SaveGame actual)
        {
            Same("FormatVersion", expected.FormatVersion, actual.FormatVersion);
            Same("Seed", expected.Seed, actual.Seed);
            Same("SlotName", expected.SlotName, actual.SlotName);
            Same("SavedAtUtc", expected.SavedAtUtc, actual.SavedAtUtc);
            Same("SavedAtUtc.Kind", expected.SavedAtUtc.Kind, actual.SavedAtUtc.Kind);
            Same("PlayTime", expected.PlayTime, actual.PlayTime);
            CheckWorld("World", expected.World, actual.World);
            List("Characters", expected.Characters, actual.Characters, CheckCharacter);
            List("Quests", expected.Quests, actual.Quests, CheckQuest);
            CheckCamera("Camera", expected.Camera, actual.Camera);
            CheckVariables("Variables", expected.Variables, actual.Variables);
            return DifferenceCount == 0;
        }

        private void CheckWorld(string path, World e, World a)
        {
            if (!BothOrNeither(path, e, a)) return;
            Same(path + ".Name", e.Name, a.Name);
            Same(path + ".Tick", e.Tick, a.Tick);
            Same(path + ".SkyTint", e.SkyTint, a.SkyTint);
            List(path + ".Rooms", e.Rooms, a.Rooms, CheckRoom);
        }

        private void CheckRoom(string path, Room e, Room a)
        {
            Same(path + ".Id", e.Id, a.Id);
            Same(path + ".Title", e.Title, a.Title);
            Same(path + ".Description", e.Description, a.Description);
            Same(path + ".MapPosition", e.MapPosition, a.MapPosition);
            Same(path + ".Ambient", e.Ambient, a.Ambient);
            Same(path + ".Visited", e.Visited, a.Visited);
            List(path + ".Exits", e.Exits, a.Exits, CheckExit);
            List(path + ".Items", e.Items, a.Items, CheckItem);
        }

        private void CheckExit(string path, Exit e, Exit a)
        {
            Same(path + ".Direction", e.Direction, a.Direction);
            Same(path + ".TargetRoomId", e.TargetRoomId, a.TargetRoomId);
            Same(path + ".Locked", e.Locked, a.Locked);
            Same(path + ".KeyId", e.KeyId, a.KeyId);
        }

        private void CheckCharacter(string path, Character e, Character a)
        {
            Same(path + ".Id", e.Id, a.Id);
            Same(path + ".Name", e.Name, a.Name);
            Same(path + ".Faction", e.Faction, a.Faction);
            Same(path + ".Level", e.Level, a.Level);
            Same(path + ".Health", e.Health, a.Health);
            Same(path + ".MaxHealth", e.MaxHealth, a.MaxHealth);
            Same(path + ".RoomId", e.RoomId, a.RoomId);
            Same(path + ".Position", e.Position, a.Position);
            Same(path + ".Tint", e.Tint, a.Tint);
            Same(path + ".Aura", e.Aura, a.Aura);
            List(path + ".Inventory", e.Inventory, a.Inventory, CheckItem);
            Dictionary(path + ".Skills", e.Skills, a.Skills);

            // The equipped weapon: equal, and the very same instance as the inventory item it was.
            if (BothOrNeither(path + ".EquippedWeapon", e.EquippedWeapon, a.EquippedWeapon) && e.EquippedWeapon != null && a.EquippedWeapon != null)
            {
                CheckItem(path + ".EquippedWeapon", e.EquippedWeapon, a.EquippedWeapon);
                int index = e.Inventory.IndexOf(e.EquippedWeapon);
                Compared++;
                if (index < 0)
                    Differ(path + ".EquippedWeapon", "the original is not one of its inventory items (the builder is wrong)");
                else if (index >= a.Inventory.Count || !ReferenceEquals(a.EquippedWeapon, a.Inventory[index]))
                    Differ(path + ".EquippedWeapon", $"is not the same instance as Inventory[{index}] after loading");
            }
        }

        private void CheckItem(string path, Item e, Item a)
        {
            if (!BothOrNeither(path, e, a)) return;
            Compared++;
            if (e.GetType() != a.GetType())
            {
                Differ(path, $"type {e.GetType().Name} came back as {a.GetType().Name}");
                return;
            }
            Same(path + ".Id", e.Id, a.Id);
            Same(path + ".Name", e.Name, a.Name);
            Same(path + ".Weight", e.Weight, a.Weight);
            Same(path + ".Value", e.Value, a.Value);
            switch (e)
            {
                case Weapon ew:
                    var aw = (Weapon)a;
                    Same(path + ".Damage", ew.Damage, aw.Damage);
                    Same(path + ".Speed", ew.Speed, aw.Speed);
                    Same(path + ".DamageKind", ew.DamageKind, aw.DamageKind);
                    if (ew is RangedWeapon er)
                    {
                        var ar = (RangedWeapon)a;
                        Same(path + ".Range", er.Range, ar.Range);
                        Same(path + ".Ammo", er.Ammo, ar.Ammo);
                        Same(path + ".AmmoKind", er.AmmoKind, ar.AmmoKind);
                    }
                    break;
                case Key ek:
                    Same(path + ".OpensRoomId", ek.OpensRoomId, ((Key)a).OpensRoomId);
                    break;
                case Container ec:
                    var ac = (Container)a;
                    Same(path + ".Capacity", ec.Capacity, ac.Capacity);
                    Same(path + ".Locked", ec.Locked, ac.Locked);
                    List(path + ".Contents", ec.Contents, ac.Contents, CheckItem);
                    break;
                case Consumable eu:
                    var au = (Consumable)a;
                    Same(path + ".Effect", eu.Effect, au.Effect);
                    Same(path + ".Potency", eu.Potency, au.Potency);
                    Same(path + ".Charges", eu.Charges, au.Charges);
                    Same(path + ".Tint", eu.Tint, au.Tint);
                    break;
                default:
                    Differ(path, $"the checker does not know the item type {e.GetType().Name}");
                    break;
            }
        }

        private void CheckQuest(string path, Quest e, Quest a)
        {
            Same(path + ".Id", e.Id, a.Id);
            Same(path + ".Title", e.Title, a.Title);
            Same(path + ".State", e.State, a.State);
            Same(path + ".GiverId", e.GiverId, a.GiverId);
            List(path + ".Steps", e.Steps, a.Steps, CheckStep);
            List(path + ".RewardItemIds", e.RewardItemIds, a.RewardItemIds, (p, x, y) => Same(p, x, y));
        }

        private void CheckStep(string path, QuestStep e, QuestStep a)
        {
            Same(path + ".Text", e.Text, a.Text);
            Same(path + ".Done", e.Done, a.Done);
            Same(path + ".Marker", e.Marker, a.Marker);
        }

        private void CheckCamera(string path, Camera e, Camera a)
        {
            if (!BothOrNeither(path, e, a)) return;
            Same(path + ".Position", e.Position, a.Position);
            Same(path + ".Zoom", e.Zoom, a.Zoom);
            Same(path + ".Rotation", e.Rotation, a.Rotation);
            Same(path + ".ClearColor", e.ClearColor, a.ClearColor);
            Same(path + ".FollowCharacterId", e.FollowCharacterId, a.FollowCharacterId);
            if (!BothOrNeither(path + ".Path", e.Path, a.Path)) return;
            Same(path + ".Path.Length", e.Path.Length, a.Path.Length);
            for (int i = 0; i < Math.Min(e.Path.Length, a.Path.Length); i++) Same($"{path}.Path[{i}]", e.Path[i], a.Path[i]);
        }

        private void CheckVariables(string path, Dictionary<string, object> e, Dictionary<string, object> a)
        {
            if (!BothOrNeither(path, e, a)) return;
            Same(path + ".Count", e.Count, a.Count);
            foreach (KeyValuePair<string, object> pair in e)
            {
                string at = $"{path}[\"{pair.Key}\"]";
                Compared++;
                if (!a.TryGetValue(pair.Key, out object? value))
                {
                    Differ(at, "missing");
                    continue;
                }
                // Same object type (a long stays a long, not an int or a double) and same value.
                if (value is null || value.GetType() != pair.Value.GetType())
                    Differ(at, $"type {pair.Value.GetType().Name} came back as {value?.GetType().Name ?? "null"}");
                else if (!pair.Value.Equals(value))
                    Differ(at, $"{pair.Value} came back as {value}");
            }
        }

        private void List<T>(string path, List<T> e, List<T> a, Action<string, T, T> check)
        {
            if (!BothOrNeither(path, e, a)) return;
            Same(path + ".Count", e.Count, a.Count);
            for (int i = 0; i < Math.Min(e.Count, a.Count); i++)
            {
                string at = $"{path}[{i}]";
                if (BothOrNeither(at, e[i], a[i]) && e[i] != null) check(at, e[i], a[i]);
            }
        }

        private void Dictionary(string path, Dictionary<string, int> e, Dictionary<string, int> a)
        {
            if (!BothOrNeither(path, e, a)) return;
            Same(path + ".Count", e.Count, a.Count);
            foreach (KeyValuePair<string, int> pair in e)
            {
                if (a.TryGetValue(pair.Key, out int value)) Same($"{path}[\"{pair.Key}\"]", pair.Value, value);
                else Differ($"{path}[\"{pair.Key}\"]", "missing");
            }
        }

        private bool BothOrNeither(string path, object? e, object? a)
        {
            Compared++;
            if ((e is null) == (a is null)) return true;
            Differ(path, e is null ? "expected null, got a value" : "expected a value, got null");
            return false;
        }

        private void Same<T>(string path, T e, T a)
        {
            Compared++;
            if (!EqualityComparer<T>.Default.Equals(e, a)) Differ(path, $"expected {e}, got {a}");
        }

        private void Differ(string path, string what)
        {
            DifferenceCount++;
            if (_differences.Count < Kept) _differences.Add(path + ": " + what);
        }
    }
}
